import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { rotatingTopics, TOPIC_ROTATION_MS } from './chat-texts.js';

/**
 * "Ask Terri about …", naming a new topic every 5 seconds (spec 000 §4.7). Not a live region: a screen reader would
 * otherwise announce every change.
 */
export function TopicRotator() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((current) => (current + 1) % rotatingTopics.length), TOPIC_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
      Ask Terri about <strong data-testid="chat-topic">{rotatingTopics[index]}</strong>
    </Typography.Paragraph>
  );
}

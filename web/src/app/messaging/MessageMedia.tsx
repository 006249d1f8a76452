import type { ThreadMessage } from '@pm/contracts';
import { Flex, Image, Typography } from 'antd';

type Media = ThreadMessage['media'][number];

/** A message's attachments (an MMS's media, an e-mail's files): images shown as images, anything else as a link. */
export function MessageMedia({ media }: { media: readonly Media[] }) {
  if (media.length === 0) return null;
  return (
    <Flex wrap gap="small" style={{ marginBlock: 4 }}>
      {media.map((item, index) =>
        item.content_type.startsWith('image/') ? (
          <Image key={item.url} src={item.url} width={96} alt={`Attachment ${index + 1}`} />
        ) : (
          <Typography.Link key={item.url} href={item.url} target="_blank" rel="noreferrer">
            Attachment {index + 1} ({item.content_type})
          </Typography.Link>
        ),
      )}
    </Flex>
  );
}

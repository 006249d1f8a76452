import { Flex } from 'antd';

/**
 * The "screenshots" of the landing page's tab selector, drawn in HTML from the product's own vocabulary rather than
 * shipped as images: they stay sharp at every width and never go stale as binary files would. Each is one image to
 * assistive technology, named by what it shows.
 */
export function CommunicationPreview() {
  return (
    <div role="img" aria-label="A tenant's text message at night and the AI's drafted reply, waiting for the manager's approval" className="pm-mock-screen">
      <Flex vertical gap="small">
        <span className="pm-muted">SMS · Unit 2B · 11:42 PM</span>
        <div className="pm-mock-bubble pm-mock-bubble-in">The kitchen sink is leaking under the cabinet. Can someone come tomorrow?</div>
        <div className="pm-mock-bubble pm-mock-bubble-out">
          Thanks for letting us know, Maria. Please close the valve under the sink for now. A plumber will call you tomorrow
          morning to set a time.
        </div>
        <Flex gap="small" wrap justify="end">
          <span className="pm-mock-badge pm-mock-badge-waiting">Draft · awaiting your approval</span>
        </Flex>
      </Flex>
    </div>
  );
}

const workflowSteps = ['Lease ends in 60 days', 'Send the renewal offer', 'Tenant signs online', 'Rent updated, calendar reminder set'];

export function WorkflowPreview() {
  return (
    <div role="img" aria-label="A lease renewal workflow in four steps, from the 60-day notice to the updated rent" className="pm-mock-screen">
      <Flex vertical gap="small">
        <strong>Lease renewal</strong>
        {workflowSteps.map((step, index) => (
          <Flex key={step} gap="small" align="center">
            <span className={index < 2 ? 'pm-mock-badge pm-mock-badge-done' : 'pm-mock-badge'}>{index < 2 ? 'Done' : 'Next'}</span>
            <span>{step}</span>
          </Flex>
        ))}
      </Flex>
    </div>
  );
}

const figures = [
  ['Tenant messages this week', '48'],
  ['Replies drafted by the AI', '48'],
  ['Leases ending within 60 days', '4'],
  ['Open maintenance requests', '2'],
] as const;

export function EfficiencyPreview() {
  return (
    <div role="img" aria-label="A dashboard of one week: every tenant message got a drafted reply; leases ending soon and open requests at a glance" className="pm-mock-screen">
      <Flex wrap gap="middle">
        {figures.map(([label, value]) => (
          <Flex key={label} vertical style={{ flex: '1 1 140px' }}>
            <span style={{ fontSize: 28, fontWeight: 600 }}>{value}</span>
            <span className="pm-muted">{label}</span>
          </Flex>
        ))}
      </Flex>
    </div>
  );
}

import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** Tenant upload (spec 000 2.5): coming soon; tenants are added manually on the unit page meanwhile. */
export function TenantsStepPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title="Tenant upload is coming soon"
      subTitle="Until then, add your tenants manually on the unit page."
      extra={
        <Button type="primary" onClick={() => void navigate('/property-manager/dashboard')}>
          My Properties
        </Button>
      }
    />
  );
}

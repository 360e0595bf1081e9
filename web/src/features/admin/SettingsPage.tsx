import { Alert } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';
import { AdminPageHeader } from './parts.tsx';
import { LookupsSection } from './settings/LookupsSection.tsx';
import { OperatorSettingsSection } from './settings/OperatorSettingsSection.tsx';
import { PackagesSection } from './settings/PackagesSection.tsx';
import { ProcessingCostsSection } from './settings/ProcessingCostsSection.tsx';
import './admin-pages.css';

const M = MESSAGES.adminSettings;

/**
 * /admin/settings: packages, processing costs, the payment address behind the QR
 * code, the retention of ID documents and messages, the tip limits and the lookups. Every change applies to new
 * purchases only: subscriptions and orders keep what they were sold at.
 */
export default function SettingsPage() {
  return (
    <section>
      <AdminPageHeader title={MESSAGES.adminConsole.titles.settings} />
      <Alert variant="info" className="small">
        {M.intro}
      </Alert>
      <PackagesSection />
      <ProcessingCostsSection />
      <OperatorSettingsSection />
      <LookupsSection />
    </section>
  );
}

import { useEffect, useId } from 'react';
import { Alert, Col, Row } from 'react-bootstrap';
import type { Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ADMIN_SETTINGS_LIMITS, MESSAGES, ZAdminSettingsUpdate } from '@app/domain';
import type { AdminSettings } from '@app/domain';
import { PanelLoading } from '../../../ui/PanelStatus.tsx';
import { PaymentQr } from '../../billing/index.ts';
import { useOperatorSettings, useSaveOperatorSettings } from '../settingsApi.ts';
import { InlineSettingsForm, SettingsFields, useSettingsForm } from './forms.tsx';
import type { SettingsField } from './forms.tsx';

const M = MESSAGES.adminSettings;
const F = M.fields;
const P = MESSAGES.adminPages.settings;

type SettingsForm = z.input<typeof ZAdminSettingsUpdate>;
type SettingKey = keyof AdminSettings;
const resolver = zodResolver(ZAdminSettingsUpdate);

/** A field of the operator settings: its name is one of the settings' keys. */
type OperatorField = SettingsField<SettingKey & Path<SettingsForm>>;

/**
 * One form over some of the operator settings: it saves only its own fields' keys (`PUT
 * /api/admin/settings` takes any of them), so saving the address never touches the tip limits.
 */
function SettingsForm({ fields, settings }: { fields: readonly OperatorField[]; settings: AdminSettings }) {
  const id = useId();
  const save = useSaveOperatorSettings();
  const keys = fields.map((field) => field.name);
  const pick = (from: AdminSettings): SettingsForm =>
    Object.fromEntries(keys.map((key) => [key, String(from[key])])) as SettingsForm;
  const { register, errors, isSubmitting, reset, submit } = useSettingsForm({
    resolver,
    defaultValues: pick(settings),
    fields: keys,
    save: (data) => save.mutateAsync(data),
    savedText: M.saved,
  });

  // Saved values of this form's own keys: saving another form leaves the edits typed here alone.
  const saved = JSON.stringify(pick(settings));
  useEffect(() => {
    reset(JSON.parse(saved) as SettingsForm);
  }, [saved, reset]);

  return (
    <InlineSettingsForm submitting={isSubmitting} onSubmit={submit}>
      <SettingsFields id={id} fields={fields} register={register} errors={errors} />
    </InlineSettingsForm>
  );
}

const PAYMENT_FIELDS: readonly OperatorField[] = [
  {
    name: 'payment_address',
    label: F.paymentAddress,
    rows: 3,
    maxLength: ADMIN_SETTINGS_LIMITS.paymentAddressMax,
  },
];

/** The settings after the payment's, a section each: its heading's id, its title and its fields. */
const SECTIONS: readonly { id: string; title: string; fields: readonly OperatorField[] }[] = [
  {
    id: 'settings-retention',
    title: M.sections.retention,
    fields: [
      {
        name: 'document_retention_days',
        label: F.documentRetentionDays,
        numeric: true,
        help: M.hints.retention,
        helpBlock: true,
      },
      {
        name: 'message_retention_days',
        label: F.messageRetentionDays,
        numeric: true,
        help: M.hints.messageRetention,
        helpBlock: true,
      },
    ],
  },
  {
    id: 'settings-tips',
    title: M.sections.tips,
    fields: [
      { name: 'tip_max_amount', label: F.tipMaxAmount },
      { name: 'tips_per_hour', label: F.tipsPerHour, numeric: true },
    ],
  },
  {
    id: 'settings-social',
    title: M.sections.social,
    fields: [
      { name: 'twitter_url', label: F.twitterUrl, url: true, maxLength: ADMIN_SETTINGS_LIMITS.socialUrlMax },
      {
        name: 'facebook_url',
        label: F.facebookUrl,
        url: true,
        maxLength: ADMIN_SETTINGS_LIMITS.socialUrlMax,
      },
      {
        name: 'instagram_url',
        label: F.instagramUrl,
        url: true,
        maxLength: ADMIN_SETTINGS_LIMITS.socialUrlMax,
        help: M.hints.social,
        helpBlock: true,
      },
    ],
  },
  {
    id: 'settings-screening',
    title: M.sections.screening,
    fields: [
      {
        name: 'screening_reads_per_day',
        label: F.screeningReadsPerDay,
        numeric: true,
        help: M.hints.screening,
        helpBlock: true,
      },
    ],
  },
];

/** The payment address or instructions behind the QR code, beside the QR code payers see now. */
function PaymentSection({ settings }: { settings: AdminSettings }) {
  const id = useId();
  return (
    <section aria-labelledby="settings-payment" className="mb-4">
      <h2 id="settings-payment" className="h5">
        {M.sections.payment}
      </h2>
      <Row className="g-3">
        <Col md={7}>
          <SettingsForm fields={PAYMENT_FIELDS} settings={settings} />
        </Col>
        <Col md={5}>
          <figure className="mb-0" aria-labelledby={`${id}-qr`}>
            <figcaption id={`${id}-qr`} className="small fw-semibold mb-2">
              {P.currentQr}
            </figcaption>
            <PaymentQr texts={MESSAGES.packages} loadFailed={MESSAGES.packages.loadFailed} />
          </figure>
        </Col>
      </Row>
    </section>
  );
}

/**
 * The operator settings (item 9): the payment address or instructions behind the QR code (with the
 * QR code payers see now), the days ID documents are kept after a decision, the tip limits, the
 * footer's social links and the daily cap of screening reads per provider account.
 */
export function OperatorSettingsSection() {
  const settings = useOperatorSettings();

  if (settings.isPending) return <PanelLoading />;
  if (settings.isError) return <Alert variant="warning">{M.loadFailed}</Alert>;

  return (
    <>
      <PaymentSection settings={settings.data} />
      {SECTIONS.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mb-4">
          <h2 id={section.id} className="h5">
            {section.title}
          </h2>
          <SettingsForm fields={section.fields} settings={settings.data} />
        </section>
      ))}
    </>
  );
}

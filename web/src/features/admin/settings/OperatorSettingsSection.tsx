import { useEffect, useId } from 'react';
import type { ReactNode } from 'react';
import { Alert, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { ADMIN_SETTINGS_LIMITS, MESSAGES, ZAdminSettingsUpdate } from '@app/domain';
import type { AdminSettings, TAdminSettingsUpdate } from '@app/domain';
import { TextAreaField, TextField } from '../../../ui/FormField.tsx';
import { PanelLoading } from '../../../ui/PanelStatus.tsx';
import { SubmitButton } from '../../../ui/SubmitButton.tsx';
import { PaymentQr } from '../../billing/index.ts';
import { useOperatorSettings, useSaveOperatorSettings } from '../settingsApi.ts';
import { showWriteFailure } from './feedback.ts';

const M = MESSAGES.adminSettings;
const F = M.fields;
const P = MESSAGES.adminPages.settings;

type SettingsForm = z.input<typeof ZAdminSettingsUpdate>;
type SettingKey = keyof AdminSettings;
const resolver = zodResolver(ZAdminSettingsUpdate);

/**
 * One form over some of the operator settings: it saves only its own keys (`PUT /api/admin/settings`
 * takes any of them), so saving the address never touches the tip limits.
 */
function SettingsForm({
  keys,
  settings,
  children,
}: {
  keys: readonly SettingKey[];
  settings: AdminSettings;
  children: (form: {
    register: ReturnType<typeof useForm<SettingsForm, unknown, TAdminSettingsUpdate>>['register'];
    errors: ReturnType<typeof useForm<SettingsForm, unknown, TAdminSettingsUpdate>>['formState']['errors'];
  }) => ReactNode;
}) {
  const save = useSaveOperatorSettings();
  const pick = (from: AdminSettings): SettingsForm =>
    Object.fromEntries(keys.map((key) => [key, String(from[key])])) as SettingsForm;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SettingsForm, unknown, TAdminSettingsUpdate>({ resolver, defaultValues: pick(settings) });

  // Saved values of this form's own keys: saving another form leaves the edits typed here alone.
  const saved = JSON.stringify(pick(settings));
  useEffect(() => {
    reset(JSON.parse(saved) as SettingsForm);
  }, [saved, reset]);

  const submit = handleSubmit(async (data) => {
    try {
      await save.mutateAsync(data);
      toast.success(M.saved);
    } catch (error) {
      showWriteFailure(error, keys, setError);
    }
  });

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} className="admin-settings-form">
      <fieldset disabled={isSubmitting}>
        {children({ register, errors })}
        <SubmitButton submitting={isSubmitting}>{M.save}</SubmitButton>
      </fieldset>
    </Form>
  );
}

const PAYMENT_KEYS = ['payment_address'] as const satisfies readonly Path<SettingsForm>[];
const RETENTION_KEYS = ['document_retention_days'] as const satisfies readonly Path<SettingsForm>[];
const TIP_KEYS = ['tip_max_amount', 'tips_per_hour'] as const satisfies readonly Path<SettingsForm>[];
const SCREENING_KEYS = ['screening_reads_per_day'] as const satisfies readonly Path<SettingsForm>[];

/**
 * The operator settings (item 9): the payment address or instructions behind the QR code (with the
 * QR code payers see now), the days ID documents are kept after a decision, the tip limits and the
 * daily cap of screening reads per provider account.
 */
export function OperatorSettingsSection() {
  const id = useId();
  const settings = useOperatorSettings();

  if (settings.isPending) return <PanelLoading />;
  if (settings.isError) return <Alert variant="warning">{M.loadFailed}</Alert>;
  const values = settings.data;

  return (
    <>
      <section aria-labelledby="settings-payment" className="mb-4">
        <h2 id="settings-payment" className="h5">
          {M.sections.payment}
        </h2>
        <Row className="g-3">
          <Col md={7}>
            <SettingsForm keys={PAYMENT_KEYS} settings={values}>
              {({ register, errors }) => (
                <TextAreaField
                  id={`${id}-address`}
                  label={F.paymentAddress}
                  rows={3}
                  maxLength={ADMIN_SETTINGS_LIMITS.paymentAddressMax}
                  error={errors.payment_address}
                  registration={register('payment_address')}
                />
              )}
            </SettingsForm>
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

      <section aria-labelledby="settings-retention" className="mb-4">
        <h2 id="settings-retention" className="h5">
          {M.sections.retention}
        </h2>
        <SettingsForm keys={RETENTION_KEYS} settings={values}>
          {({ register, errors }) => (
            <TextField
              id={`${id}-retention`}
              label={F.documentRetentionDays}
              inputMode="numeric"
              help={M.hints.retention}
              helpBlock
              error={errors.document_retention_days}
              registration={register('document_retention_days')}
            />
          )}
        </SettingsForm>
      </section>

      <section aria-labelledby="settings-tips" className="mb-4">
        <h2 id="settings-tips" className="h5">
          {M.sections.tips}
        </h2>
        <SettingsForm keys={TIP_KEYS} settings={values}>
          {({ register, errors }) => (
            <>
              <TextField
                id={`${id}-tip-max`}
                label={F.tipMaxAmount}
                error={errors.tip_max_amount}
                registration={register('tip_max_amount')}
              />
              <TextField
                id={`${id}-tips-hour`}
                label={F.tipsPerHour}
                inputMode="numeric"
                error={errors.tips_per_hour}
                registration={register('tips_per_hour')}
              />
            </>
          )}
        </SettingsForm>
      </section>

      <section aria-labelledby="settings-screening" className="mb-4">
        <h2 id="settings-screening" className="h5">
          {M.sections.screening}
        </h2>
        <SettingsForm keys={SCREENING_KEYS} settings={values}>
          {({ register, errors }) => (
            <TextField
              id={`${id}-screening-reads`}
              label={F.screeningReadsPerDay}
              inputMode="numeric"
              help={M.hints.screening}
              helpBlock
              error={errors.screening_reads_per_day}
              registration={register('screening_reads_per_day')}
            />
          )}
        </SettingsForm>
      </section>
    </>
  );
}

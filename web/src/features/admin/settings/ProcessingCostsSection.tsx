import { useEffect, useId } from 'react';
import { Alert } from 'react-bootstrap';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, ZProcessingCostCreate } from '@app/domain';
import { PanelLoading } from '../../../ui/PanelStatus.tsx';
import { useAdminProcessingCosts, useSaveProcessingCosts } from '../settingsApi.ts';
import { InlineSettingsForm, SettingsFields, useSettingsForm } from './forms.tsx';
import type { SettingsField } from './forms.tsx';

const M = MESSAGES.adminSettings;
const F = M.fields;

const FIELDS = ['processing_fee', 'tax', 'shipping_cost'] as const;
const resolver = zodResolver(ZProcessingCostCreate);
const COST_FIELDS: readonly SettingsField<(typeof FIELDS)[number]>[] = [
  { name: 'processing_fee', label: F.processingFee },
  { name: 'tax', label: F.tax, asNumber: true },
  { name: 'shipping_cost', label: F.shippingCost },
];

/**
 * Processing costs (item 9): the fee, the tax percent and the shipping cost of the entry in force
 * (the first one, as checkout reads it), saved in place; with no entry yet, the form makes one.
 */
export function ProcessingCostsSection() {
  const id = useId();
  const costs = useAdminProcessingCosts();
  const save = useSaveProcessingCosts();
  const current = costs.data?.data[0] ?? null;
  const { register, errors, isSubmitting, reset, submit } = useSettingsForm({
    resolver,
    // The tax is read as a number (`valueAsNumber`); the field starts empty.
    defaultValues: { processing_fee: '', tax: '' as unknown as number, shipping_cost: '' },
    fields: FIELDS,
    save: (data) => save.mutateAsync({ id: current?.id ?? null, data }),
    savedText: M.saved,
  });

  useEffect(() => {
    if (current) {
      const a = current.attributes;
      reset({ processing_fee: String(a.processing_fee), tax: a.tax, shipping_cost: String(a.shipping_cost) });
    }
  }, [current, reset]);

  return (
    <section aria-labelledby="settings-costs" className="mb-4">
      <h2 id="settings-costs" className="h5">
        {M.sections.processingCosts}
      </h2>
      <p className="small text-body-secondary">{M.hints.processingCostsInForce}</p>
      {costs.isPending ? (
        <PanelLoading />
      ) : costs.isError ? (
        <Alert variant="warning">{M.loadFailed}</Alert>
      ) : (
        <InlineSettingsForm submitting={isSubmitting} onSubmit={submit}>
          <SettingsFields id={id} fields={COST_FIELDS} register={register} errors={errors} />
        </InlineSettingsForm>
      )}
    </section>
  );
}

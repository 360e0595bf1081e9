import { useEffect, useId } from 'react';
import { Alert } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { MESSAGES, ZProcessingCostCreate } from '@app/domain';
import type { TProcessingCostCreate } from '@app/domain';
import { PanelLoading } from '../../../ui/PanelStatus.tsx';
import { useAdminProcessingCosts, useSaveProcessingCosts } from '../settingsApi.ts';
import { showWriteFailure } from './feedback.ts';
import { InlineSettingsForm, SettingsFields } from './forms.tsx';
import type { SettingsField } from './forms.tsx';

const M = MESSAGES.adminSettings;
const F = M.fields;

type CostsForm = z.input<typeof ZProcessingCostCreate>;
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CostsForm, unknown, TProcessingCostCreate>({
    resolver,
    // The tax is read as a number (`valueAsNumber`); the field starts empty.
    defaultValues: { processing_fee: '', tax: '' as unknown as number, shipping_cost: '' },
  });

  useEffect(() => {
    if (current) {
      const a = current.attributes;
      reset({ processing_fee: String(a.processing_fee), tax: a.tax, shipping_cost: String(a.shipping_cost) });
    }
  }, [current, reset]);

  const submit = handleSubmit(async (data) => {
    try {
      await save.mutateAsync({ id: current?.id ?? null, data });
      toast.success(M.saved);
    } catch (error) {
      showWriteFailure(error, FIELDS, setError);
    }
  });

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

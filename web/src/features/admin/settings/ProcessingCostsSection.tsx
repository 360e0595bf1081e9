import { useEffect, useId } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { MESSAGES, ZProcessingCostCreate } from '@app/domain';
import type { TProcessingCostCreate } from '@app/domain';
import { TextField } from '../../../ui/FormField.tsx';
import { PanelLoading } from '../../../ui/PanelStatus.tsx';
import { SubmitButton } from '../../../ui/SubmitButton.tsx';
import { useAdminProcessingCosts, useSaveProcessingCosts } from '../settingsApi.ts';
import { showWriteFailure } from './feedback.ts';

const M = MESSAGES.adminSettings;
const F = M.fields;

type CostsForm = z.input<typeof ZProcessingCostCreate>;
const FIELDS = ['processing_fee', 'tax', 'shipping_cost'] as const;
const resolver = zodResolver(ZProcessingCostCreate);

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
        <Form noValidate onSubmit={(event) => void submit(event)} className="admin-settings-form">
          <fieldset disabled={isSubmitting}>
            <TextField
              id={`${id}-fee`}
              label={F.processingFee}
              error={errors.processing_fee}
              registration={register('processing_fee')}
            />
            <TextField
              id={`${id}-tax`}
              label={F.tax}
              error={errors.tax}
              registration={register('tax', { valueAsNumber: true })}
            />
            <TextField
              id={`${id}-shipping`}
              label={F.shippingCost}
              error={errors.shipping_cost}
              registration={register('shipping_cost')}
            />
            <SubmitButton submitting={isSubmitting}>{M.save}</SubmitButton>
          </fieldset>
        </Form>
      )}
    </section>
  );
}

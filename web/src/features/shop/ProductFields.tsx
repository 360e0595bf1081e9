import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { MESSAGES, SHOP_LIMITS, ZProductForm } from '@app/domain';
import type { TProductForm } from '@app/domain';
import { TextAreaField, TextField } from '../../ui/FormField.tsx';
import { serverFieldErrors, useServerFieldErrors } from '../../ui/serverFieldErrors.ts';

const F = MESSAGES.productForm;

/** The product form as typed (the price is text: dollars of 1-10 digits and cents if any, `12.50`). */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = { name: '', description: '', price: '' };

export type ProductForm = UseFormReturn<ProductFormValues, unknown, TProductForm>;

const baseResolver = zodResolver(ZProductForm);
const FIELD_ORDER = ['name', 'description', 'price'] as const;
type ProductField = (typeof FIELD_ORDER)[number];
const isFormField = (field: string): field is ProductField =>
  (FIELD_ORDER as readonly string[]).includes(field);

/**
 * The product form (checked with the domain's `ZProductForm`) and what a refused save shows: the
 * fields the server names stay invalid until changed, a refused picture goes to `onPicture`, and
 * anything else is the toast 'Network response was not ok' (spec 000 §8).
 */
export function useProductForm() {
  const serverFields = useServerFieldErrors(baseResolver);
  const form: ProductForm = useForm<ProductFormValues, unknown, TProductForm>({
    resolver: serverFields.resolver,
    // Checked on submit, then on each change: an error appearing on blur would move Submit away from the
    // pointer pressing it.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_PRODUCT_FORM,
    shouldFocusError: false,
  });

  const showFailure = (error: unknown, onPicture?: (message: string) => void) => {
    // The server names `data.<field>` (`fieldError('data.price', …)`).
    const named = serverFieldErrors(error, ['data']);
    const fields = FIELD_ORDER.filter((field) => named.some((n) => n.field === field));
    const picture = named.find((n) => n.field === 'picture');
    for (const { field, message } of named)
      if (isFormField(field)) serverFields.reject(field, form.getValues(field), message);
    if (fields.length > 0) void form.trigger(fields);
    if (picture && onPicture) onPicture(picture.message);
    if (fields.length === 0 && !(picture && onPicture)) toast.error(MESSAGES.toast.networkError);
  };

  return { form, showFailure };
}

/** Name, Description and Price of Add New Product and Edit Product (spec 000 §2, §5). */
export function ProductFields({ form, idPrefix }: { form: ProductForm; idPrefix: string }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label={F.name}
        registration={register('name')}
        error={errors.name}
        maxLength={SHOP_LIMITS.nameMax}
      />
      <TextAreaField
        id={`${idPrefix}-description`}
        label={F.description}
        registration={register('description')}
        error={errors.description}
        rows={4}
        maxLength={SHOP_LIMITS.descriptionMax}
      />
      <TextField
        id={`${idPrefix}-price`}
        label={F.price}
        registration={register('price')}
        error={errors.price}
        inputMode="decimal"
        maxLength={SHOP_LIMITS.priceTextMax}
      />
    </>
  );
}

/**
 * The picked picture before it is uploaded ('New image'), shown once the browser has decoded it: a
 * file it cannot read as an image (a text file named .png) shows nothing rather than a broken image;
 * the upload then says why. Give it `key={src}` so that a new pick starts over.
 */
export function PickedPicture({ src, caption = false }: { src: string; caption?: boolean }) {
  const [state, setState] = useState<'decoding' | 'shown' | 'broken'>('decoding');
  if (state === 'broken') return null;
  return (
    <figure className="mb-2">
      <img
        src={src}
        alt={F.preview}
        className={`shop-picture product-form__picture${state === 'decoding' ? ' opacity-0' : ''}`}
        onLoad={() => setState('shown')}
        onError={() => setState('broken')}
      />
      {caption && <figcaption className="small text-body-secondary mt-1">{F.preview}</figcaption>}
    </figure>
  );
}

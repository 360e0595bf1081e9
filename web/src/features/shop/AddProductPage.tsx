import { useEffect, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Card, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import type { TProductForm } from '@app/domain';
import { focusFirstInvalidField } from '../../ui/focusFirstInvalidField.ts';
import { FileField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { UPLOAD_FAILURE, uploadRefusal } from '../media/index.ts';
import { FileProgress } from '../media/index.ts';
import { useObjectUrls, usePickedFiles } from '../media/index.ts';
import { PickedPicture, ProductFields, useProductForm } from './ProductFields.tsx';
import { useCreateProduct } from './vendorApi.ts';
import './shop.css';
import './vendor-products.css';
import { toastApiFailure } from '../../api/toastApiFailure.ts';

const F = MESSAGES.productForm;
const IMAGE_INPUT = 'product-image';

const isImage = (file: File) => file.type.startsWith('image/');

/**
 * The Image field: one picked picture and its preview; a missing or refused picture is said on the
 * field, and a refusal after Submit focuses the input once the form is enabled again.
 */
function usePictureField() {
  const image = usePickedFiles('public');
  const [preview] = useObjectUrls(image.files);
  const [imageError, setImageError] = useState<string | undefined>();
  // Bumped when the picture is refused after Submit: the Image input is focused once the form is enabled.
  const [pictureRefusals, setPictureRefusals] = useState(0);
  useEffect(() => {
    if (pictureRefusals > 0) document.getElementById(IMAGE_INPUT)?.focus();
  }, [pictureRefusals]);

  const refusePicture = (message: string) => {
    setImageError(message);
    setPictureRefusals((n) => n + 1);
  };

  const handleImage = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? [])
      .filter(isImage)
      .slice(0, 1);
    image.pick(picked);
    setImageError(picked.length ? undefined : F.pictureRequired);
  };
  return { image, preview, imageError, setImageError, refusePicture, handleImage };
}

/**
 * Submit: the fields are checked and a picture is required; the picture is uploaded, then the product
 * created (the owner is the token's account), then My Products.
 */
function useAddProduct() {
  const navigate = useNavigate();
  const createProduct = useCreateProduct();
  const { image, preview, imageError, setImageError, refusePicture, handleImage } = usePictureField();
  const [submitting, setSubmitting] = useState(false);
  const { form, showFailure } = useProductForm();

  /** The picture first, then the product. */
  const handleValid = async (values: TProductForm) => {
    setSubmitting(true);
    try {
      let picture: number | undefined;
      try {
        [picture] = await image.uploadAll();
      } catch (error) {
        // A file the server refused (not an image, too large): its reason on the Image field.
        const refusal = uploadRefusal(error);
        if (refusal) refusePicture(refusal);
        else toastApiFailure(error, UPLOAD_FAILURE);
        return;
      }
      if (picture === undefined) {
        refusePicture(F.pictureRequired);
        return;
      }
      try {
        await createProduct.mutateAsync({
          name: values.name,
          description: values.description,
          price: Number(values.price),
          picture,
        });
      } catch (error) {
        showFailure(error, refusePicture);
        return;
      }
      toast.success(F.added);
      void navigate('/products/view');
    } finally {
      setSubmitting(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const missingImage = image.files.length === 0;
    if (missingImage) setImageError(F.pictureRequired);
    void form.handleSubmit(
      async (values) => {
        if (missingImage) {
          document.getElementById(IMAGE_INPUT)?.focus();
          return;
        }
        await handleValid(values);
      },
      (errors, submitEvent) => {
        if (missingImage) document.getElementById(IMAGE_INPUT)?.focus();
        else focusFirstInvalidField(errors, submitEvent);
      },
    )(event);
  };

  return { form, image, preview, imageError, submitting, handleImage, handleSubmit };
}

/**
 * /products/add, Add New Product: the picture (required, previewed), Name, Description and Price. Submit uploads
 * the picture, then creates the product (the owner is the token's account) and goes to My Products.
 */
export default function AddProductPage() {
  const { form, image, preview, imageError, submitting, handleImage, handleSubmit } = useAddProduct();
  return (
    <Card className="shadow-sm product-form">
      <Card.Header className="bg-transparent">
        <h1 className="h4 mb-0">{F.addTitle}</h1>
      </Card.Header>
      <Card.Body>
        <Form noValidate onSubmit={handleSubmit} aria-label={F.addTitle}>
          <fieldset disabled={submitting}>
            <FileField
              id={IMAGE_INPUT}
              label={F.image}
              accept="image/*"
              onChange={handleImage}
              error={imageError ? { message: imageError } : undefined}
              help={F.imageHelp}
              helpBlock
            />
            {preview && <PickedPicture key={preview} src={preview} />}
            {/* Only while the picture is on its way (a refusal is said on the Image field). */}
            {image.isUploading && <FileProgress items={image.items} label={F.image} />}
            <ProductFields form={form} idPrefix="product" />
            <SubmitButton submitting={submitting} className="w-100">
              {F.submit}
            </SubmitButton>
          </fieldset>
        </Form>
      </Card.Body>
    </Card>
  );
}

import { useEffect } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { ownedBySignedIn } from '../../api/ownership.ts';
import NotFoundPage from '../../app/NotFoundPage.tsx';
import { useSession } from '../../app/session.tsx';
import { focusFirstInvalidField } from '../../ui/focusFirstInvalidField.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useFillOnce } from '../../ui/useFillOnce.ts';
import { ReplaceImageForm } from '../media/index.ts';
import { useObjectUrls, usePickedFiles } from '../media/index.ts';
import { PickedPicture, ProductFields, useProductForm } from './ProductFields.tsx';
import type { ProductFormValues } from './ProductFields.tsx';
import type { Product } from './api.ts';
import { ProductPicture } from './ShopParts.tsx';
import { useOwnProduct, useUpdateProduct } from './vendorApi.ts';
import './shop.css';
import './vendor-products.css';

const F = MESSAGES.productForm;
const M = MESSAGES.myProducts;

const toFormValues = ({ attributes }: Product): ProductFormValues => ({
  name: attributes.name,
  description: attributes.description,
  price: String(attributes.price),
});

function EditProductForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const updateProduct = useUpdateProduct(product.id);
  const newPicture = usePickedFiles('public');
  const [preview] = useObjectUrls(newPicture.files);
  const { form, showFailure } = useProductForm();
  useFillOnce(form, toFormValues(product));

  const handleSave = form.handleSubmit(async (values) => {
    try {
      await updateProduct.mutateAsync({
        name: values.name,
        description: values.description,
        price: Number(values.price),
      });
    } catch (error) {
      showFailure(error);
      return;
    }
    toast.success(F.updated);
    void navigate('/products/view');
  }, focusFirstInvalidField);

  return (
    <Card className="shadow-sm product-form">
      <Card.Header className="bg-transparent">
        <h1 className="h4 mb-0">{F.editTitle}</h1>
      </Card.Header>
      <Card.Body>
        {/* Spec 000 §4 "Edit product": the picture is replaced apart from the details. */}
        <h2 className="h5">{F.changeImage}</h2>
        <div className="d-flex flex-wrap gap-3 align-items-start mb-3">
          <figure className="mb-0">
            <ProductPicture product={product.attributes} size="card" className="product-form__picture" />
            <figcaption className="small text-body-secondary mt-1">{F.currentImage}</figcaption>
          </figure>
          {preview && <PickedPicture key={preview} src={preview} caption />}
        </div>
        <ReplaceImageForm
          id="product-change-image"
          title={F.changeImage}
          label={F.image}
          help={F.imageHelp}
          picked={newPicture}
          invalidMessage={F.pictureRequired}
          successMessage={F.pictureUpdated}
          onSaveFailure={() => toast.error(F.pictureFailed)}
          onUploaded={([picture]) => updateProduct.mutateAsync({ picture })}
        />
        <h2 className="h5 border-top pt-3">{F.details}</h2>
        <Form noValidate onSubmit={(event) => void handleSave(event)} aria-label={F.details}>
          <fieldset disabled={form.formState.isSubmitting}>
            <ProductFields form={form} idPrefix="product-edit" />
            <SubmitButton submitting={form.formState.isSubmitting} className="w-100">
              {F.save}
            </SubmitButton>
          </fieldset>
        </Form>
      </Card.Body>
    </Card>
  );
}

/** 'This product could not be found.' with the way back to My Products. */
function ProductNotFound() {
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <p className="mb-3">{F.notFound}</p>
        <Link to="/products/view" className="btn btn-outline-secondary">
          {M.title}
        </Link>
      </Card.Body>
    </Card>
  );
}

/**
 * /products/edit/:id, Edit Product (spec 000 §2, §4 "Edit product", §8): a spinner
 * until the product is loaded, then the picture's own upload form and the details form. A
 * malformed id reads as not found; another vendor's product or a missing one shows the app's Not
 * Found page.
 */
export default function EditProductPage() {
  const { id: param = '' } = useParams();
  const { userId } = useSession();
  const id = /^\d{1,10}$/.test(param) ? Number(param) : null;
  const product = useOwnProduct(id);
  const notFound = isApiError(product.error) && product.error.status === 404;

  // Spec 000 §8: a failed load is the toast 'Network response was not ok'.
  const failedAt = product.isError && !notFound ? product.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(MESSAGES.toast.networkError);
  }, [failedAt]);

  if (id === null) return <ProductNotFound />;
  if (product.isPending) return <PageSpinner />;
  if (product.isError) {
    if (notFound) return <NotFoundPage />;
    return (
      <Alert variant="warning" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        {MESSAGES.toast.networkError}
        <Button size="sm" variant="outline-secondary" onClick={() => void product.refetch()}>
          {M.retry}
        </Button>
      </Alert>
    );
  }
  // Another vendor's product is public in the shop: it is Not Found here, only its owner edits it.
  if (!ownedBySignedIn(product.data, userId)) return <NotFoundPage />;
  return <EditProductForm key={product.data.id} product={product.data} />;
}

import { useEffect, useId, useState } from 'react';
import { Alert, Badge, Button, Form, Modal, Table } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { formatMoney, MESSAGES, ZPackageCreate } from '@app/domain';
import type { TPackageCreate } from '@app/domain';
import { TextField } from '../../../ui/FormField.tsx';
import { PanelLoading } from '../../../ui/PanelStatus.tsx';
import { SubmitButton } from '../../../ui/SubmitButton.tsx';
import { ConfirmDialog } from '../dialogs.tsx';
import { useAdminPackages, useDeletePackage, useSavePackage } from '../settingsApi.ts';
import type { AdminPackage } from '../settingsApi.ts';
import { showWriteFailure } from './feedback.ts';

const M = MESSAGES.adminSettings;
const F = M.fields;
const P = MESSAGES.adminPages.settings;

type PackageForm = z.input<typeof ZPackageCreate>;
const FIELDS = ['name', 'total_price', 'validity', 'number_of_ads_per_day'] as const;
const resolver = zodResolver(ZPackageCreate);

function formValues(pkg: AdminPackage | null): PackageForm {
  const a = pkg?.attributes;
  return {
    name: a?.name ?? '',
    total_price: a ? String(a.total_price) : '',
    validity: a ? String(a.validity) : '',
    number_of_ads_per_day: a ? String(a.number_of_ads_per_day) : '',
  };
}

/** The package form: filled from the package edited when shown; a save toasts and closes. */
function usePackageForm(show: boolean, editing: AdminPackage | null, onClose: () => void) {
  const save = useSavePackage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PackageForm, unknown, TPackageCreate>({ resolver, defaultValues: formValues(editing) });

  useEffect(() => {
    if (show) reset(formValues(editing));
  }, [show, editing, reset]);

  const submit = handleSubmit(async (data) => {
    try {
      await save.mutateAsync({ id: editing?.id ?? null, data });
      toast.success(editing ? M.updated : M.created);
      onClose();
    } catch (error) {
      showWriteFailure(error, FIELDS, setError);
    }
  });

  return { register, errors, isSubmitting, submit };
}

/** The package's create / edit form in a modal, checked with the domain's schema. */
function PackageDialog({
  show,
  editing,
  onClose,
}: {
  show: boolean;
  /** The package edited, or null for a new one. */
  editing: AdminPackage | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const id = useId();
  const { register, errors, isSubmitting, submit } = usePackageForm(show, editing, onClose);

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Header closeButton closeLabel={M.cancel}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {editing ? P.editPackage : P.newPackage}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <fieldset disabled={isSubmitting}>
            <TextField
              id={`${id}-name`}
              label={F.packageName}
              error={errors.name}
              registration={register('name')}
            />
            <TextField
              id={`${id}-price`}
              label={F.totalPrice}
              error={errors.total_price}
              registration={register('total_price')}
            />
            <TextField
              id={`${id}-validity`}
              label={F.validity}
              inputMode="numeric"
              help={P.perDayDays}
              error={errors.validity}
              registration={register('validity')}
            />
            <TextField
              id={`${id}-ads`}
              label={F.adsPerDay}
              inputMode="numeric"
              error={errors.number_of_ads_per_day}
              registration={register('number_of_ads_per_day')}
              className="mb-0"
            />
          </fieldset>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {M.cancel}
          </Button>
          <SubmitButton submitting={isSubmitting}>{M.save}</SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/**
 * Packages (item 9): every package, retired ones too; Add and Edit in a modal form, Retire (asked
 * first) and Offer again, Delete (asked first; a package somebody bought is refused with a 409 that
 * says to retire it, shown as a toast).
 */
export function PackagesSection() {
  const packages = useAdminPackages();
  const save = useSavePackage();
  const remove = useDeletePackage();
  const [editing, setEditing] = useState<AdminPackage | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [asking, setAsking] = useState<{ action: 'retire' | 'delete'; pkg: AdminPackage } | null>(null);

  const openForm = (pkg: AdminPackage | null) => {
    setEditing(pkg);
    setFormOpen(true);
  };

  const setRetired = async (pkg: AdminPackage, retired: boolean) => {
    try {
      await save.mutateAsync({ id: pkg.id, data: { retired } });
      toast.success(retired ? M.retired : M.unretired);
      setAsking(null);
    } catch (error) {
      showWriteFailure(error, []);
    }
  };

  const confirm = async () => {
    if (!asking) return;
    if (asking.action === 'retire') return setRetired(asking.pkg, true);
    try {
      await remove.mutateAsync(asking.pkg.id);
      toast.success(M.deleted);
      setAsking(null);
    } catch (error) {
      showWriteFailure(error, []);
      setAsking(null);
    }
  };

  return (
    <section aria-labelledby="settings-packages" className="mb-4">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="settings-packages" className="h5 mb-0 me-auto">
          {M.sections.packages}
        </h2>
        <Button size="sm" variant="accent" onClick={() => openForm(null)}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {M.add}
        </Button>
      </div>
      <p className="small text-body-secondary">{M.hints.retire}</p>
      {packages.isPending ? (
        <PanelLoading />
      ) : packages.isError ? (
        <Alert variant="warning">{M.loadFailed}</Alert>
      ) : packages.data.data.length === 0 ? (
        <p className="text-body-secondary">{M.none}</p>
      ) : (
        <div className="admin-stack">
          <Table responsive size="sm" className="align-middle admin-table">
            <thead>
              <tr>
                <th scope="col">{F.packageName}</th>
                <th scope="col">{F.totalPrice}</th>
                <th scope="col">{F.validity}</th>
                <th scope="col">{F.adsPerDay}</th>
                <th scope="col">{F.pricePerDay}</th>
                <th scope="col">{F.status}</th>
                <th scope="col">{M.actions}</th>
              </tr>
            </thead>
            <tbody>
              {packages.data.data.map((pkg) => {
                const a = pkg.attributes;
                return (
                  <tr key={pkg.id} data-testid="package-row">
                    <td data-label={F.packageName} className="fw-semibold">
                      {a.name}
                    </td>
                    <td data-label={F.totalPrice}>{formatMoney(a.total_price)}</td>
                    <td data-label={F.validity}>{a.validity}</td>
                    <td data-label={F.adsPerDay}>{a.number_of_ads_per_day}</td>
                    <td data-label={F.pricePerDay}>{formatMoney(a.price_per_day)}</td>
                    <td data-label={F.status}>
                      {a.retired ? (
                        <Badge bg="secondary">{F.retiredState}</Badge>
                      ) : (
                        <Badge bg="success">{F.offered}</Badge>
                      )}
                    </td>
                    <td data-label={M.actions}>
                      <div className="d-flex flex-wrap gap-1">
                        <Button size="sm" variant="outline-primary" onClick={() => openForm(pkg)}>
                          {M.edit}
                        </Button>
                        {a.retired ? (
                          <Button
                            size="sm"
                            variant="outline-secondary"
                            disabled={save.isPending}
                            onClick={() => void setRetired(pkg, false)}
                          >
                            {M.unretire}
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            variant="outline-secondary"
                            onClick={() => setAsking({ action: 'retire', pkg })}
                          >
                            {M.retire}
                          </Button>
                        )}
                        <Button
                          size="sm"
                          variant="outline-danger"
                          onClick={() => setAsking({ action: 'delete', pkg })}
                        >
                          {M.delete}
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}

      <PackageDialog show={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        show={asking !== null}
        busy={save.isPending || remove.isPending}
        title={asking?.action === 'retire' ? M.retire : M.delete}
        prompt={asking?.action === 'retire' ? M.confirmRetire : M.confirmDeletePackage}
        confirmLabel={asking?.action === 'retire' ? M.retire : M.delete}
        cancelLabel={M.cancel}
        variant={asking?.action === 'retire' ? 'accent' : 'danger'}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      />
    </section>
  );
}

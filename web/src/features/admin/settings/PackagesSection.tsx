import { useEffect, useId, useState } from 'react';
import { Alert, Badge, Button, Table } from 'react-bootstrap';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { formatMoney, MESSAGES, ZPackageCreate } from '@app/domain';
import { PanelLoading } from '../../../ui/PanelStatus.tsx';
import { ConfirmDialog } from '../dialogs.tsx';
import { useAdminPackages, useDeletePackage, useSavePackage } from '../settingsApi.ts';
import type { AdminPackage } from '../settingsApi.ts';
import { showWriteFailure } from './feedback.ts';
import { SettingsFields, SettingsFormDialog, useSettingsForm } from './forms.tsx';
import type { SettingsField } from './forms.tsx';
import { CardsOnPhone } from '../../../ui/ColumnsTable.tsx';

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
  const { register, errors, isSubmitting, reset, submit } = useSettingsForm({
    resolver,
    defaultValues: formValues(editing),
    fields: FIELDS,
    save: (data) => save.mutateAsync({ id: editing?.id ?? null, data }),
    savedText: editing ? M.updated : M.created,
    onSaved: onClose,
  });

  useEffect(() => {
    if (show) reset(formValues(editing));
  }, [show, editing, reset]);

  return { register, errors, isSubmitting, submit };
}

/** The package's fields: the per-day numbers are whole days and ads. */
const PACKAGE_FIELDS: readonly SettingsField<(typeof FIELDS)[number]>[] = [
  { name: 'name', label: F.packageName },
  { name: 'total_price', label: F.totalPrice },
  { name: 'validity', label: F.validity, numeric: true, help: P.perDayDays },
  { name: 'number_of_ads_per_day', label: F.adsPerDay, numeric: true },
];

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
  const id = useId();
  const { register, errors, isSubmitting, submit } = usePackageForm(show, editing, onClose);
  return (
    <SettingsFormDialog
      show={show}
      title={editing ? P.editPackage : P.newPackage}
      submitting={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <SettingsFields id={id} fields={PACKAGE_FIELDS} register={register} errors={errors} flushLast />
    </SettingsFormDialog>
  );
}

/** What is being asked about: retiring a package or deleting it. */
type Asking = { action: 'retire' | 'delete'; pkg: AdminPackage };

/** Retire (asked first), Offer again and Delete (asked first), each toasted; a refusal shows the server's reason. */
function usePackageActions() {
  const save = useSavePackage();
  const remove = useDeletePackage();
  const [asking, setAsking] = useState<Asking | null>(null);

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

  return {
    asking,
    setAsking,
    setRetired,
    confirm,
    saving: save.isPending,
    busy: save.isPending || remove.isPending,
  };
}

type PackageActions = ReturnType<typeof usePackageActions>;

/** One package: its terms, whether it is offered, then Edit, Retire or Offer again, and Delete. */
function PackageRow({
  pkg,
  actions: { setAsking, setRetired, saving },
  onEdit,
}: {
  pkg: AdminPackage;
  actions: PackageActions;
  onEdit: (pkg: AdminPackage) => void;
}) {
  const a = pkg.attributes;
  return (
    <tr data-testid="package-row">
      <td data-label={F.packageName} className="fw-semibold">
        {a.name}
      </td>
      <td data-label={F.totalPrice}>{formatMoney(a.total_price)}</td>
      <td data-label={F.validity}>{a.validity}</td>
      <td data-label={F.adsPerDay}>{a.number_of_ads_per_day}</td>
      <td data-label={F.pricePerDay}>{formatMoney(a.price_per_day)}</td>
      <td data-label={F.status}>
        {a.retired ? <Badge bg="secondary">{F.retiredState}</Badge> : <Badge bg="success">{F.offered}</Badge>}
      </td>
      <td data-label={M.actions}>
        <div className="d-flex flex-wrap gap-1">
          <Button size="sm" variant="outline-primary" onClick={() => onEdit(pkg)}>
            {M.edit}
          </Button>
          {a.retired ? (
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={saving}
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
          <Button size="sm" variant="outline-danger" onClick={() => setAsking({ action: 'delete', pkg })}>
            {M.delete}
          </Button>
        </div>
      </td>
    </tr>
  );
}

const HEADERS = [F.packageName, F.totalPrice, F.validity, F.adsPerDay, F.pricePerDay, F.status, M.actions];

/** Every package, a row each. */
function PackagesTable({
  packages,
  actions,
  onEdit,
}: {
  packages: AdminPackage[];
  actions: PackageActions;
  onEdit: (pkg: AdminPackage) => void;
}) {
  return (
    <CardsOnPhone>
      <Table responsive size="sm" className="align-middle admin-table">
        <thead>
          <tr>
            {HEADERS.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {packages.map((pkg) => (
            <PackageRow key={pkg.id} pkg={pkg} actions={actions} onEdit={onEdit} />
          ))}
        </tbody>
      </Table>
    </CardsOnPhone>
  );
}

/**
 * Packages (item 9): every package, retired ones too; Add and Edit in a modal form, Retire (asked
 * first) and Offer again, Delete (asked first; a package somebody bought is refused with a 409 that
 * says to retire it, shown as a toast).
 */
export function PackagesSection() {
  const packages = useAdminPackages();
  const actions = usePackageActions();
  const { asking } = actions;
  const [editing, setEditing] = useState<AdminPackage | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  const openForm = (pkg: AdminPackage | null) => {
    setEditing(pkg);
    setFormOpen(true);
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
        <PackagesTable packages={packages.data.data} actions={actions} onEdit={openForm} />
      )}

      <PackageDialog show={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        show={asking !== null}
        busy={actions.busy}
        title={asking?.action === 'retire' ? M.retire : M.delete}
        prompt={asking?.action === 'retire' ? M.confirmRetire : M.confirmDeletePackage}
        confirmLabel={asking?.action === 'retire' ? M.retire : M.delete}
        cancelLabel={M.cancel}
        variant={asking?.action === 'retire' ? 'accent' : 'danger'}
        onConfirm={() => void actions.confirm()}
        onClose={() => actions.setAsking(null)}
      />
    </section>
  );
}

import { useEffect, useId, useState } from 'react';
import { Button, Tab, Table, Tabs } from 'react-bootstrap';
import type { FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { MESSAGES, ZCityCreate, ZLanguageWrite, ZRaceWrite, ZPlaceTypeCreate } from '@app/domain';
import { PagedList } from '../../../ui/PagedList.tsx';
import { ConfirmDialog } from '../dialogs.tsx';
import { SearchBox } from '../parts.tsx';
import { LOOKUP_KINDS, useLookup, useLookupWrites } from '../settingsApi.ts';
import type { LookupKind, LookupWrites } from '../settingsApi.ts';
import { showWriteFailure } from './feedback.ts';
import { SettingsFields, SettingsFormDialog, useSettingsForm } from './forms.tsx';
import type { SettingsField } from './forms.tsx';

const M = MESSAGES.adminSettings;
const F = M.fields;
const P = MESSAGES.adminPages.settings;

/** How many entries a lookup's tab shows at once. */
export const LOOKUP_PAGE_SIZE = 20;

interface LookupConfig {
  title: string;
  /** The attributes shown and edited, in order, with their labels; the first is the entry's name. */
  fields: readonly SettingsField[];
  schema: z.ZodType<unknown, FieldValues>;
}

/** Each lookup's tab: its columns, its form's fields and the domain schema the form is checked with. */
const CONFIG: Record<LookupKind, LookupConfig> = {
  cities: {
    title: M.sections.cities,
    fields: [
      { name: 'city_name', label: F.cityName },
      { name: 'state_code', label: F.stateCode },
      { name: 'country_code', label: F.countryCode },
    ],
    schema: ZCityCreate,
  },
  languages: {
    title: M.sections.languages,
    fields: [{ name: 'lang_name', label: F.langName }],
    schema: ZLanguageWrite,
  },
  races: { title: M.sections.races, fields: [{ name: 'race_name', label: F.raceName }], schema: ZRaceWrite },
  vendorTypes: {
    title: M.sections.vendorTypes,
    fields: [
      { name: 'name', label: F.vendorTypeName },
      { name: 'type', label: F.vendorTypeType },
    ],
    schema: ZPlaceTypeCreate,
  },
};

type Row = { id: number; attributes: Record<string, unknown> };
type Values = Record<string, string>;

function valuesOf(kind: LookupKind, row: Row | null): Values {
  return Object.fromEntries(
    CONFIG[kind].fields.map(({ name }) => {
      const value = row?.attributes[name];
      return [
        name,
        value === undefined || value === null ? (name === 'country_code' ? 'US' : '') : String(value),
      ];
    }),
  );
}

/** Add or rename an entry of a lookup, in a modal form checked with the domain's schema. */
function LookupDialog({
  kind,
  editing,
  show,
  onClose,
}: {
  kind: LookupKind;
  editing: Row | null;
  show: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const { save } = useLookupWrites(kind);
  const config = CONFIG[kind];
  const { register, errors, isSubmitting, reset, submit } = useSettingsForm<Values, LookupWrites[LookupKind]>(
    {
      resolver: zodResolver(config.schema) as never,
      defaultValues: valuesOf(kind, editing),
      fields: config.fields.map((f) => f.name),
      save: (data) => save.mutateAsync({ id: editing?.id ?? null, data }),
      savedText: editing ? M.updated : M.created,
      onSaved: onClose,
    },
  );

  useEffect(() => {
    if (show) reset(valuesOf(kind, editing));
  }, [show, kind, editing, reset]);

  return (
    <SettingsFormDialog
      show={show}
      title={`${config.title}: ${editing ? P.editEntry : P.newEntry}`}
      submitting={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <SettingsFields
        id={id}
        fields={config.fields}
        register={register}
        errors={errors}
        autoComplete="off"
        flushLast
      />
    </SettingsFormDialog>
  );
}

/** A lookup tab's state: its page and search, the entry being edited or deleted, and the delete itself. */
function useLookupTab(kind: LookupKind) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useLookup(kind, page, LOOKUP_PAGE_SIZE, search);
  const { remove } = useLookupWrites(kind);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

  const openForm = (row: Row | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(M.deleted);
      // The last entry of a later page: back to the page before.
      if ((list.data?.data.length ?? 0) === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      // A 409: the entry is named by ads, places or accounts.
      showWriteFailure(error, []);
    }
    setDeleting(null);
  };

  const searchFor = (text: string) => {
    setSearch(text);
    setPage(1);
  };

  return {
    list,
    paging: { page, setPage },
    searchFor,
    form: { open: formOpen, editing, openForm, close: () => setFormOpen(false) },
    deleting: { row: deleting, set: setDeleting, busy: remove.isPending, confirm: confirmDelete },
  };
}

/** A lookup's entries: its columns, then Rename and Delete on each row. */
function LookupRows({
  kind,
  rows,
  busy,
  onEdit,
  onDelete,
}: {
  kind: LookupKind;
  rows: Row[];
  busy: boolean;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
}) {
  const config = CONFIG[kind];
  return (
    <Table responsive size="sm" className="align-middle admin-table" aria-busy={busy}>
      <thead>
        <tr>
          {config.fields.map(({ name, label }) => (
            <th key={name} scope="col">
              {label}
            </th>
          ))}
          <th scope="col">{M.actions}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="lookup-row">
            {config.fields.map(({ name }) => (
              <td key={name}>{String(row.attributes[name] ?? '')}</td>
            ))}
            <td>
              <div className="d-flex flex-wrap gap-1">
                <Button size="sm" variant="outline-primary" onClick={() => onEdit(row)}>
                  {P.editEntry}
                </Button>
                <Button size="sm" variant="outline-danger" onClick={() => onDelete(row)}>
                  {M.delete}
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** One lookup: a search on its name, the entries a page at a time, Add, Rename and Delete (asked first). */
function LookupTab({ kind }: { kind: LookupKind }) {
  const { list, paging, searchFor, form, deleting } = useLookupTab(kind);
  return (
    <div className="pt-3">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div className="me-auto">
          <SearchBox onSearch={searchFor} />
        </div>
        <Button size="sm" variant="accent" onClick={() => form.openForm(null)}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {M.add}
        </Button>
      </div>

      <PagedList
        query={list}
        paging={paging}
        loadFailed={M.loadFailed}
        retry={MESSAGES.adminConsole.table.retry}
        empty={M.none}
        pagesLabel={`${CONFIG[kind].title}: ${MESSAGES.adminConsole.table.pages}`}
        smallPages
      >
        {(page) => (
          <LookupRows
            kind={kind}
            rows={page.data as Row[]}
            busy={list.isFetching}
            onEdit={form.openForm}
            onDelete={deleting.set}
          />
        )}
      </PagedList>

      <LookupDialog kind={kind} editing={form.editing} show={form.open} onClose={form.close} />
      <ConfirmDialog
        show={deleting.row !== null}
        busy={deleting.busy}
        title={M.delete}
        prompt={M.confirmDelete}
        confirmLabel={M.delete}
        cancelLabel={M.cancel}
        variant="danger"
        onConfirm={() => void deleting.confirm()}
        onClose={() => deleting.set(null)}
      />
    </div>
  );
}

/** Lookups (item 9): Cities, Languages, Races and Place types, one tab each (loaded when opened). */
export function LookupsSection() {
  return (
    <section aria-labelledby="settings-lookups" className="mb-4">
      <h2 id="settings-lookups" className="h5">
        {P.lookups}
      </h2>
      <Tabs defaultActiveKey="cities" id="settings-lookup-tabs" mountOnEnter aria-label={P.lookupsLabel}>
        {LOOKUP_KINDS.map((kind) => (
          <Tab key={kind} eventKey={kind} title={CONFIG[kind].title}>
            <LookupTab kind={kind} />
          </Tab>
        ))}
      </Tabs>
    </section>
  );
}

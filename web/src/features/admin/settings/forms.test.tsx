import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '@app/domain';
import { InlineSettingsForm, SettingsFields, SettingsFormDialog, useSettingsForm } from './forms.tsx';
import type { SettingsField } from './forms.tsx';

const ZValues = z.object({ name: z.string().min(1, 'Name needed'), days: z.number(), note: z.string() });
type Values = z.infer<typeof ZValues>;

const FIELDS: readonly SettingsField<keyof Values>[] = [
  { name: 'name', label: 'Name' },
  { name: 'days', label: 'Days', numeric: true, asNumber: true, help: 'Whole days', helpBlock: true },
  { name: 'note', label: 'Note', rows: 3, maxLength: 40 },
];

/** The fields in a form on the page, or in a modal, handing what was typed to `onSave`. */
function Harness({
  inModal = false,
  onSave,
  onSaved,
}: {
  inModal?: boolean;
  onSave: (values: Values) => Promise<unknown>;
  onSaved?: () => void;
}) {
  const { register, errors, submit } = useSettingsForm({
    resolver: zodResolver(ZValues),
    defaultValues: { name: 'Ada', days: 3, note: '' },
    fields: ['name', 'days', 'note'],
    save: onSave,
    savedText: 'Saved it',
    onSaved,
  });
  const fields = (
    <SettingsFields id="f" fields={FIELDS} register={register} errors={errors} flushLast={inModal} />
  );
  return inModal ? (
    <SettingsFormDialog show title="Edit" submitting={false} onSubmit={submit} onClose={() => {}}>
      {fields}
    </SettingsFormDialog>
  ) : (
    <InlineSettingsForm submitting={false} onSubmit={submit}>
      {fields}
    </InlineSettingsForm>
  );
}

describe('the settings forms', () => {
  it('renders each described field labelled, with its keyboard, help and box, and saves the values', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<Harness onSave={onSave} />);
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.id).toBe('f-name');
    expect(name.value).toBe('Ada');
    const days = screen.getByLabelText('Days') as HTMLInputElement;
    expect(days.getAttribute('inputmode')).toBe('numeric');
    expect(days.getAttribute('aria-describedby')).toBe('f-days-help');
    expect(screen.getByText('Whole days').className).toContain('d-block');
    const note = screen.getByLabelText('Note') as HTMLTextAreaElement;
    expect(note.tagName).toBe('TEXTAREA');
    expect(note.rows).toBe(3);
    expect(note.maxLength).toBe(40);
    expect(note.closest('.mb-3')).not.toBeNull();

    // Checked with the schema before anything is saved.
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.adminSettings.save }));
    expect(await screen.findByText('Name needed')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Ada' } });
    fireEvent.change(days, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.adminSettings.save }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Ada', days: 7, note: '' }));
  });

  it('in a modal: the title, the last field flush with the end of the body, Cancel and Save', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const onSaved = vi.fn();
    render(<Harness inModal onSave={onSave} onSaved={onSaved} />);
    expect(await screen.findByRole('dialog', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByLabelText('Note').closest('.mb-0')).not.toBeNull();
    // Cancel twice: the header's close button and the footer's.
    expect(screen.getAllByRole('button', { name: MESSAGES.adminSettings.cancel })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.adminSettings.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});

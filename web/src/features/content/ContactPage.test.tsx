import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import ContactPage from './ContactPage.tsx';

const M = MESSAGES.contact;
const V = MESSAGES.validation;

function renderContact() {
  renderRoutes([{ path: '/contactus', element: <ContactPage /> }], ['/contactus']);
  return {
    name: screen.getByLabelText(M.name) as HTMLInputElement,
    email: screen.getByLabelText(M.email) as HTMLInputElement,
    note: screen.getByLabelText(M.note) as HTMLTextAreaElement,
    submit: screen.getByRole('button', { name: M.submit }),
  };
}

function type(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
  fireEvent.blur(element);
}

function fillValid(fields: ReturnType<typeof renderContact>) {
  type(fields.name, 'Alex Doe');
  type(fields.email, 'alex@example.com');
  type(fields.note, 'Hello, I have a question about packages.');
}

describe('ContactPage', () => {
  it('shows the spec messages for empty fields on submit and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { submit } = renderContact();

    fireEvent.click(submit);
    expect(await screen.findByText(V.nameRequired)).toBeTruthy();
    expect(screen.getByText(V.emailRequired)).toBeTruthy();
    expect(screen.getByText(V.noteRequired)).toBeTruthy();
    expect(screen.getByLabelText(M.name).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks lengths and the e-mail as the visitor types', async () => {
    const fields = renderContact();

    type(fields.name, 'A');
    expect(await screen.findByText(V.tooShort)).toBeTruthy();
    type(fields.name, 'A'.repeat(51));
    expect(await screen.findByText(V.tooLong)).toBeTruthy();
    type(fields.name, 'A'.repeat(50));
    await waitFor(() => expect(screen.queryByText(V.tooLong)).toBeNull());

    type(fields.email, 'not-an-email');
    expect(await screen.findByText(V.emailInvalid)).toBeTruthy();
    type(fields.email, `${'a'.repeat(150)}@example.com`);
    expect(await screen.findByText(V.emailTooLong)).toBeTruthy();

    type(fields.note, 'Hey');
    expect(await screen.findByText(V.tooShort)).toBeTruthy();
    type(fields.note, 'x'.repeat(201));
    expect(await screen.findByText(V.tooLong)).toBeTruthy();
    type(fields.note, '   ');
    expect(await screen.findByText(V.noteRequired)).toBeTruthy();
  });

  it('sends { data: { name, email, note } }, toasts the spec text and resets the form', async () => {
    let release: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const fields = renderContact();
    fillValid(fields);
    fireEvent.click(fields.submit);

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact-messages');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      data: { name: 'Alex Doe', email: 'alex@example.com', note: 'Hello, I have a question about packages.' },
    });
    // While sending, the fieldset is disabled and the button shows the spinner.
    expect(fields.name.closest('fieldset')?.disabled).toBe(true);
    expect(fields.submit.querySelector('.spinner-border')).not.toBeNull();

    release(jsonResponse({ data: { id: 1, attributes: {} }, meta: {} }));
    expect(await screen.findByText(M.sent)).toBeTruthy();
    await waitFor(() => expect(fields.name.value).toBe(''));
    expect(fields.email.value).toBe('');
    expect(fields.note.value).toBe('');
    expect(fields.name.closest('fieldset')?.disabled).toBe(false);
  });

  it.each([
    [400, MESSAGES.login.invalidCredentials],
    [500, MESSAGES.toast.genericWarning],
    [429, MESSAGES.toast.genericWarning],
  ])('answers a %i with "%s" and keeps what was typed', async (status, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { data: null, error: { status, name: 'Error', message: 'server words', details: {} } },
          status,
        ),
      ),
    );
    const fields = renderContact();
    fillValid(fields);
    fireEvent.click(fields.submit);

    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('server words')).toBeNull();
    expect(fields.name.value).toBe('Alex Doe');
  });

  it('shows the network error when no reply arrives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const fields = renderContact();
    fillValid(fields);
    fireEvent.click(fields.submit);
    expect(await screen.findByText(MESSAGES.toast.networkError)).toBeTruthy();
  });
});

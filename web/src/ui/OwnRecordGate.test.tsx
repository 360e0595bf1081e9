import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { ApiError } from '../api/client.ts';
import { mockApi } from '../test/api.ts';
import { renderRoutes } from '../test/render.tsx';
import { answerMe, PROVIDER_USER, signInAs } from '../test/testCard.tsx';
import { OwnRecordGate, useIdParam } from './OwnRecordGate.tsx';

/** A record as the edit pages read it: its owner in `user`. */
const recordOf = (id: number, ownerId: number) => ({
  id,
  attributes: { user: { data: { id: ownerId, attributes: {} } } },
});

type Answer = (id: number) => ReturnType<typeof recordOf>;

function Harness({ answer }: { answer: Answer }) {
  const id = useIdParam();
  const query = useQuery({
    queryKey: ['record', id],
    queryFn: () => Promise.resolve().then(() => answer(id!)),
    enabled: id !== null,
  });
  return (
    <OwnRecordGate id={id} query={query} noId={<p>The owner's list</p>}>
      {(record) => <p>The form of record {record.id}</p>}
    </OwnRecordGate>
  );
}

const renderAt = (path: string, answer: Answer) =>
  renderRoutes([{ path: '/edit/:id', element: <Harness answer={answer} /> }], [path]);

beforeEach(() => {
  signInAs(PROVIDER_USER);
  mockApi((call) => answerMe(call, PROVIDER_USER));
});

describe('OwnRecordGate (Edit Ad, Edit Place)', () => {
  it("shows the form of the signed-in account's own record", async () => {
    renderAt('/edit/9', (id) => recordOf(id, PROVIDER_USER.id));
    expect(await screen.findByText('The form of record 9')).toBeTruthy();
  });

  it('shows the list for an id that is not a number', async () => {
    renderAt('/edit/abc', (id) => recordOf(id, PROVIDER_USER.id));
    expect(await screen.findByText("The owner's list")).toBeTruthy();
  });

  it("shows Not Found for another account's record and for a missing one", async () => {
    const view = renderAt('/edit/8', (id) => recordOf(id, 7));
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound.title })).toBeTruthy();
    view.unmount();
    renderAt('/edit/5', () => {
      throw new ApiError(404, 'Not Found', 'NotFoundError');
    });
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound.title })).toBeTruthy();
  });

  it("shows the server's message for another failure", async () => {
    renderAt('/edit/5', () => {
      throw new ApiError(403, 'Forbidden for you');
    });
    expect(await screen.findByText('Forbidden for you')).toBeTruthy();
  });
});

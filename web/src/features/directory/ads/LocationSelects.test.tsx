import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorResponse, mockApi } from '../../../test/api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { answerLookups } from '../../../test/testAds.tsx';
import { LocationSelects } from './LocationSelects.tsx';

const TEXTS = {
  country: 'Country',
  unitedStates: 'United States',
  state: 'State',
  city: 'City',
  choose: 'Choose…',
};

/** A form with a location, filled with `state` and `city`, as the ad and place forms are. */
function Harness({ requiredClass, cityListFailed }: { requiredClass?: string; cityListFailed?: string }) {
  const form = useForm({ defaultValues: { country: 'US', state: 'CA', city: 'Redding' } });
  return (
    <form>
      <LocationSelects
        form={form}
        id={(name) => `loc-${name}`}
        texts={{ ...TEXTS, cityListFailed }}
        requiredClass={requiredClass}
      />
    </form>
  );
}

const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);

describe('LocationSelects (the ad and the place)', () => {
  it('shows the saved state and city once their lists arrive; a new state clears the city', async () => {
    mockApi(answerLookups);
    renderRoutes([{ path: '/', element: <Harness /> }]);
    await screen.findByRole('option', { name: 'San Jose' });
    expect(select('State').value).toBe('CA');
    expect(select('City').value).toBe('Redding');
    expect(select('City').required).toBe(false);
    fireEvent.change(select('State'), { target: { value: 'NV' } });
    await screen.findByRole('option', { name: 'Reno' });
    expect(select('City').value).toBe('');
  });

  it('with a required class, marks each select required and its group', async () => {
    mockApi(answerLookups);
    const { container } = renderRoutes([{ path: '/', element: <Harness requiredClass="mb-3 must" /> }]);
    await screen.findByRole('option', { name: 'San Jose' });
    for (const label of ['Country', 'State', 'City']) expect(select(label).required).toBe(true);
    expect(container.querySelectorAll('.must')).toHaveLength(3);
  });

  it('says a failed city list under the city and clears it, only when given the text', async () => {
    mockApi((call) => (call.path === '/cities' ? errorResponse(500, 'down') : answerLookups(call)));
    renderRoutes([{ path: '/', element: <Harness cityListFailed="No cities now." /> }]);
    expect(await screen.findByText('No cities now.')).toBeTruthy();
    await waitFor(() => expect(select('City').value).toBe(''));
  });
});

import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';

/**
 * How many messages wait unread in the caller's conversations (the header's count), asked again every
 * minute while signed in. Apart from the rest of the messages' calls: the header loads it on every page.
 */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({
    queryKey: ['conversations', 'unread'],
    queryFn: ({ signal }) =>
      apiGet<{ data: { count: number } }>('/conversations/unread', undefined, { signal }).then(
        (b) => b.data.count,
      ),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

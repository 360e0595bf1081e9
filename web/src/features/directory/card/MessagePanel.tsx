import { ENGAGEMENT_LIMITS, MESSAGES, ZMessageUpdate } from '@app/domain';
import { useCardViewer } from './api.ts';
import { authorName, useMessages, usePostMessage } from './panelApi.ts';
import { PanelHint } from './PanelHint.tsx';
import { PanelLoading } from './PanelStatus.tsx';
import { PostForm } from './PostForm.tsx';

const M = MESSAGES.cardMessages;

/**
 * The Message panel for a signed-in user (spec 001 §2, §4, §6): the messages they may read on this
 * card (a hobbyist's own, a provider's received) and, for hobbyists, the form.
 */
export default function MessagePanel({ providerId }: { providerId: number }) {
  const { isHobbyist, isLoggedIn } = useCardViewer();
  const messages = useMessages(providerId);
  const postMessage = usePostMessage(providerId);

  return (
    <>
      <h3 className="provider-card__panel-title">{M.title}</h3>
      {messages.isPending ? (
        <PanelLoading />
      ) : (messages.data ?? []).length === 0 ? (
        <p className="small text-body-secondary">{M.empty}</p>
      ) : (
        <ul className="provider-card__entries list-unstyled">
          {messages.data!.map((item) => (
            <li key={item.id} className="provider-card__entry">
              <div className="d-flex flex-wrap justify-content-between gap-2">
                <strong className="provider-card__author">{authorName(item.attributes.user)}</strong>
                <time className="small text-body-secondary" dateTime={item.attributes.createdAt}>
                  {new Date(item.attributes.createdAt).toLocaleString('en-US', {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </time>
              </div>
              <p className="mb-0 provider-card__entry-text">{item.attributes.text}</p>
            </li>
          ))}
        </ul>
      )}
      {isHobbyist ? (
        <PostForm
          schema={ZMessageUpdate.shape.text}
          label={M.title}
          placeholder={M.placeholder}
          submitText={M.send}
          maxLength={ENGAGEMENT_LIMITS.message}
          onPost={(text) => postMessage.mutateAsync(text)}
        />
      ) : (
        <PanelHint isLoggedIn={isLoggedIn} />
      )}
    </>
  );
}

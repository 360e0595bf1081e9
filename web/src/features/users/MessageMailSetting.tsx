import { useId } from 'react';
import { Card, Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { useUpdateProfile } from './api.ts';

const C = MESSAGES.conversations;

/**
 * My Profile's choice whether a new message is announced by mail (on unless turned off); saved at once
 * (`PUT /api/users/:id` with `message_mail`).
 */
export function MessageMailSetting({ on }: { on: boolean }) {
  const id = useId();
  const update = useUpdateProfile();
  const onChange = (checked: boolean) =>
    update.mutate(
      { message_mail: checked },
      { onSuccess: () => toast.success(C.mailSettingSaved), onError: (e) => toastApiFailure(e) },
    );
  return (
    <Card className="shadow-sm mt-3">
      <Card.Body>
        <h2 className="h5">{C.title}</h2>
        <Form.Check
          type="switch"
          id={`${id}-message-mail`}
          label={C.mailSetting}
          checked={update.isPending ? update.variables.message_mail === true : on}
          disabled={update.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <Form.Text id={`${id}-hint`} className="d-block">
          {C.mailSettingHint}
        </Form.Text>
      </Card.Body>
    </Card>
  );
}

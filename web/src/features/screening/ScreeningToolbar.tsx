import { useId } from 'react';
import { Button, Form } from 'react-bootstrap';
import { MESSAGES } from '@app/domain';

const S = MESSAGES.screening;

/** The search by the start of a phone number, with its help, and Add Phone Number. */
export function ScreeningToolbar({
  text,
  onText,
  onSearch,
  onAdd,
}: {
  text: string;
  onText: (text: string) => void;
  onSearch: () => void;
  onAdd: () => void;
}) {
  const searchId = useId();
  return (
    <Form
      role="search"
      className="screening__toolbar"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <Form.Group controlId={searchId} className="screening__search">
        <Form.Label>{S.search}</Form.Label>
        <Form.Control
          type="search"
          inputMode="tel"
          autoComplete="off"
          value={text}
          onChange={(event) => onText(event.target.value)}
          aria-describedby={`${searchId}-help`}
        />
        <Form.Text id={`${searchId}-help`}>{S.searchHelp}</Form.Text>
      </Form.Group>
      <Button variant="accent" className="screening__add" onClick={onAdd}>
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        {S.addPhone}
      </Button>
    </Form>
  );
}

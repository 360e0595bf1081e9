import { Card } from 'react-bootstrap';
import type { ProviderItem } from './api.ts';

/** Placeholder until the provider card lands: the title and the name. */
export function ProviderCard({ provider }: { provider: ProviderItem }) {
  return (
    <Card className="provider-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {provider.attributes.title}
        </Card.Title>
        <Card.Text>{provider.attributes.name}</Card.Text>
      </Card.Body>
    </Card>
  );
}

export default ProviderCard;

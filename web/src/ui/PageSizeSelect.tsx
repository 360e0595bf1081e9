import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { PAGE_SIZES } from '@app/domain';

/**
 * "N per page" over a list or table: the spec's page sizes (10, 20, 30, 40) in a small select with its
 * label (My Ads, My Places, the wallet's and the subscription's tables).
 */
export function PageSizeSelect({
  label,
  value,
  onChange,
  className = '',
  smallLabel = false,
}: {
  label: string;
  value: number;
  onChange: (pageSize: number) => void;
  className?: string;
  smallLabel?: boolean;
}) {
  const id = useId();
  return (
    <Form.Group controlId={id} className={`d-flex align-items-center gap-2 ${className}`.trim()}>
      <Form.Label className={`mb-0 text-nowrap${smallLabel ? ' small' : ''}`}>{label}</Form.Label>
      <Form.Select
        size="sm"
        className="w-auto"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

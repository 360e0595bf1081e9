/** Placeholder: issue 14's console page, built by its helper. */
export default function AuditLogPage() {
  return <p>AuditLogPage</p>;
}

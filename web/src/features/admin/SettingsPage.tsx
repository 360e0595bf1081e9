/** Placeholder: issue 14's console page, built by its helper. */
export default function SettingsPage() {
  return <p>SettingsPage</p>;
}

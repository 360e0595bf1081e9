import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZTotpCodeForm } from '@app/domain';

const resolver = zodResolver(ZTotpCodeForm);

/** A form of one app code (turning two-factor sign-in on, new recovery codes), checked once touched. */
export function useCodeForm() {
  return useForm<{ code: string }>({ resolver, mode: 'onTouched', defaultValues: { code: '' } });
}

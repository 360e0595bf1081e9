import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import type { SessionUser } from '../../app/session.tsx';
import { FileField } from '../../ui/FormField.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { AccountCard } from '../../ui/AccountCard.tsx';
import { useReplaceAvatar, useUpdateProfile } from './api.ts';
import { Avatar, getAvatarUrl } from './Avatar.tsx';
import { toastApiFailure } from '../../api/toastApiFailure.ts';
import { toDateInputValue } from './format.ts';
import { ProfileFields } from '../auth/index.ts';
import { ZProfileEditForm } from '../auth/index.ts';
import type { TProfileEditForm } from '../auth/index.ts';

const M = MESSAGES.profileEdit;

function toFormValues(user: SessionUser): TProfileEditForm {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    phone_number: user.phone_number ?? '',
    dob: toDateInputValue(user.dob),
    city: user.city ?? '',
  };
}

/** A preview URL for a picked file, revoked when the file changes or the page closes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** The profile picture form: pick an image, see it, Upload replaces the avatar (spec 000 §2). */
function AvatarForm({ user }: { user: SessionUser }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const replaceAvatar = useReplaceAvatar();

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setFile(picked && picked.type.startsWith('image/') ? picked : null);
  };

  const handleUpload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return;
    try {
      await replaceAvatar.mutateAsync(file);
      toast.success(M.pictureSaved);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    } catch (error) {
      // Spec 000 §8: 'Please try again later' on a picture update failure.
      toastApiFailure(error, { otherwise: MESSAGES.toast.tryAgainLater });
    }
  };

  return (
    <Form noValidate onSubmit={handleUpload}>
      <fieldset disabled={replaceAvatar.isPending}>
        <div className="d-flex flex-column flex-sm-row align-items-center gap-3">
          <Avatar
            src={preview ?? getAvatarUrl(user.avatar)}
            alt={preview ? M.previewAlt : MESSAGES.profile.avatarAlt}
            className="flex-shrink-0"
          />
          <div className="flex-grow-1 w-100">
            <FileField
              id={inputId}
              label={M.avatar}
              accept="image/*"
              ref={inputRef}
              onChange={handlePick}
              help={M.chooseImage}
              className="mb-2"
            />
            <SubmitButton submitting={replaceAvatar.isPending} disabled={!file}>
              <i className="bi bi-upload me-1" aria-hidden="true" />
              {M.upload}
            </SubmitButton>
          </div>
        </div>
      </fieldset>
    </Form>
  );
}

/** The details form: every field checked live; Save is blocked while any field is invalid (000 §5). */
function DetailsForm({ user }: { user: SessionUser }) {
  const updateProfile = useUpdateProfile();
  // The session refreshes the user in the background; fields the user has not touched follow it.
  const values = useMemo(() => toFormValues(user), [user]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid },
  } = useForm<TProfileEditForm>({
    resolver: zodResolver(ZProfileEditForm),
    mode: 'all',
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const handleSave = handleSubmit(async (changes) => {
    try {
      const saved = await updateProfile.mutateAsync(changes);
      toast.success(M.saved);
      reset(toFormValues({ ...user, ...saved }));
    } catch (error) {
      toastApiFailure(error);
    }
  });

  return (
    <Form noValidate onSubmit={handleSave} aria-label={M.details}>
      <fieldset disabled={updateProfile.isPending}>
        <Row className="gx-3">
          <ProfileFields
            idPrefix="profile"
            labels={{ ...M, city: M.address }}
            register={register}
            errors={errors}
            fullWidthCity
          />
        </Row>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <SubmitButton submitting={updateProfile.isPending} disabled={!isValid}>
            {M.save}
          </SubmitButton>
          <Link to="/profile" className="btn btn-link">
            {M.backToProfile}
          </Link>
        </div>
      </fieldset>
    </Form>
  );
}

/** /profile/edit (spec 000 §2 "Edit My Profile"): the avatar upload form and the details form. */
export default function ProfileEditPage() {
  const { user } = useSession();
  if (!user) return <PageSpinner />;
  return (
    <AccountCard title={M.title}>
      <AvatarForm user={user} />
      <hr className="my-4" />
      <h2 className="h5 mb-3">{M.details}</h2>
      {/* Re-mount when another user signs in, so the form starts from their data. */}
      <DetailsForm key={user.id} user={user} />
    </AccountCard>
  );
}

import { emailField, nameField, V } from '@atendo/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/context';

/** Own-profile form: name, e-mail, and a new password only when typed (5 to 50). */
export const ProfileForm = z.object({
  name: nameField(2, 50),
  email: emailField(),
  password: z.union([z.literal(''), z.string().min(5, V.tooShort).max(50, V.tooLong)]),
});
export type ProfileForm = z.infer<typeof ProfileForm>;

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

/** PUT /users/:id, then POST /users/:id/media-upload when an avatar was chosen, then re-read the session user. */
export function useUpdateProfile() {
  const { user, reloadUser } = useSession();
  return useMutation({
    mutationFn: async ({ values, avatar }: { values: ProfileForm; avatar: File | null }) => {
      if (!user) throw new Error('no session');
      const body: Record<string, string> = { name: values.name, email: values.email };
      if (values.password) body.password = values.password;
      await api.put(`/users/${user.id}`, body);
      if (avatar) {
        const form = new FormData();
        form.append('profileImage', avatar);
        await api.post(`/users/${user.id}/media-upload`, form);
      }
      await reloadUser();
    },
  });
}

/** Keeps the chosen language on the user too; failure is harmless (the browser keeps it). */
export async function saveLanguagePreference(user: { id: number; name: string; email: string }, language: string) {
  try {
    await api.put(`/users/${user.id}`, { name: user.name, email: user.email, language });
  } catch {
    // the local choice already applies
  }
}

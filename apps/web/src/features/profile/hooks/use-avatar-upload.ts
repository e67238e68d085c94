import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '../../../lib/api/update-user';
import { catalogMessage } from '../../../lib/i18n/catalog';
import { toastError, toastSuccess } from '../../../lib/feedback/toast';
import { useUploadAvatar } from '../api/upload-avatar';
import { imageFileProblem } from '../../../lib/forms/image-file';

/** Uploads a chosen image and makes it the user's avatar; `busy` while either request runs. */
export function useAvatarUpload() {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const update = useUpdateUser();

  const choose = async (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      toastError(catalogMessage(problem));
      return;
    }
    try {
      const { path } = await upload.mutateAsync(file);
      await update.mutateAsync({ avatar: path });
      toastSuccess(t('account.avatarUpdated'));
    } catch {
      // Already toasted by the API client.
    }
  };

  return { choose, busy: upload.isPending || update.isPending };
}

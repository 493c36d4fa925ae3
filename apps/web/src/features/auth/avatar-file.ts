import { UPLOAD_MESSAGES, uploadAccept, uploadProblem } from '@kikstart/contract/uploads';

/** Avatar uploads (spec §5) follow the contract's image rule; the server checks the bytes again. */
export const AVATAR_ACCEPT = uploadAccept('image');
export const AVATAR_HINT = `${UPLOAD_MESSAGES.hint('image')}. A square photo looks best.`;

/** Why a chosen file cannot be the avatar, or null when it can. */
export const avatarFileProblem = (file: Pick<File, 'name' | 'type' | 'size'>) => uploadProblem('image', file);

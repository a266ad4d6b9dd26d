/**
 * POST /api/prescription-files (multipart/form-data: `file`, `receivedAs`, and for an image or a scanned PDF the OCR
 * this terminal ran) — the same door a scanner or fax gateway posts to. Sent with XMLHttpRequest, not invokeApi,
 * because the screen shows each file's upload progress; it carries the signed-in session like every api call, and
 * the answer is parsed with the contract's schema. A refusal (type, size, duplicate) is an UploadRefusal carrying the
 * server's sentence and status (upload-form.ts).
 */
import { useMutation } from '@tanstack/react-query';
import { uploadPrescriptionFileEndpoint } from '@pharmacy/shared/api/prescription-files.ts';
import { parseWithSchema } from '@pharmacy/shared/api/endpoint.ts';
import type { PrescriptionFile } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { requireSupabaseEnv } from '../../../config/env.ts';
import { supabase } from '../../../lib/supabase.ts';
import { uploadFailure, uploadForm, type UploadFields } from '../upload-form.ts';

export interface UploadRequest extends UploadFields {
  /** Upload progress, 0–1. */
  onProgress?: (fraction: number) => void;
}

export async function uploadPrescriptionFile(request: UploadRequest): Promise<PrescriptionFile> {
  const { url, anonKey } = requireSupabaseEnv(import.meta.env);
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error('Sign in again to upload');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${url}/functions/v1${uploadPrescriptionFileEndpoint.path}`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('apikey', anonKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(uploadFailure(0, ''));
    xhr.onload = () => {
      if (xhr.status !== uploadPrescriptionFileEndpoint.successStatus) {
        reject(uploadFailure(xhr.status, xhr.responseText));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Thrown inside onload it would leave the row uploading for ever.
        reject(new Error("The server's answer to the upload is not JSON"));
        return;
      }
      const parsed = parseWithSchema(uploadPrescriptionFileEndpoint.response, body);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error(`The server's answer to the upload is not what it should be: ${parsed.messages.join('; ')}`));
    };
    xhr.send(uploadForm(request));
  });
}

export function useUploadPrescriptionFile() {
  return useMutation({ meta: { writes: ['prescription_files', 'prescription_file_counters', 'audit_log'] }, mutationFn: uploadPrescriptionFile });
}

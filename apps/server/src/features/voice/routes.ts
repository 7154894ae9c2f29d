import { registerStream, type StreamDeps } from '../../http/stream-route.js';
import type { FastifyInstance } from 'fastify';
import { audioCalls, voiceCalls } from '@saathi/contract';
import { type AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import { ownVoiceChannel, voiceChannel, type VoiceService } from './service.js';

export function voiceRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  service: VoiceService,
  streams: StreamDeps,
): void {
  const recordings = service.recordingUploads;
  registerCall(
    app,
    auth,
    voiceCalls.upload,
    ({ viewer, upload, body }) => service.upload(viewer, upload ?? body),
    { upload: recordings },
  );
  registerCall(app, auth, voiceCalls.list, ({ viewer, query }) => service.list(viewer, query));
  registerCall(app, auth, voiceCalls.remove, ({ viewer, params }) =>
    service.remove(params.id, viewer),
  );
  registerCall(
    app,
    auth,
    audioCalls.upload,
    ({ viewer, upload, body }) => service.uploadAudio(viewer, upload ?? body),
    { upload: recordings },
  );
  registerCall(app, auth, audioCalls.list, ({ viewer, query }) => service.listAudio(viewer, query));

  registerStream(app, auth, streams, {
    call: voiceCalls.stream,
    channels: (viewer) => [voiceChannel, ownVoiceChannel(viewer.user.id)],
  });
}

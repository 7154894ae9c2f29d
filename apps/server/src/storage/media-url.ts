/** Public media keys live under public/; the route that serves them is /media/. */
export const mediaUrl = (key: string) => `/media/${key.replace(/^public\//, '')}`;

/** A multipart/form-data body with one file, as a browser's upload sends it. */
export function multipartFile(contents: Buffer, fileName: string, contentType: string) {
  const boundary = `----test${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, contents, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function loader() {
  return Response.json({ ok: true });
}

// Placeholder while issue 6's upload endpoint is being built.
export async function action() {
  return new Response(null, { status: 404 })
}

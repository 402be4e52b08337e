// Placeholder while issue 6's page is being built; replaced by the page itself.
export default function Placeholder() {
  return null
}

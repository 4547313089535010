import { describe, expect, it } from "vitest"
import { maskHtmlText } from "../../src/domain/htmlText.js"

describe("HTML text for the syntax gate", () => {
  it("blanks a > that closes no tag, keeping the length and every tag", () => {
    const html = "<p class=\"a\">f : string -> unit</p>\n<pre>x > y</pre>"
    const masked = maskHtmlText(html)
    expect(masked).toBe("<p class=\"a\">f : string -  unit</p>\n<pre>x   y</pre>")
    expect(masked.length).toBe(html.length)
  })

  it("blanks an & that starts no character reference", () => {
    expect(maskHtmlText("<p>5 & 6 &amp; &#38; &x</p>")).toBe("<p>5   6 &amp; &#38; &x</p>")
  })

  it("leaves quoted attribute values, comments, scripts and styles alone", () => {
    const html = "<a title=\"x > y\" data-q='>'>t</a><!-- a > b --><script>if (a > b && c < d) f(() => 1)</script><style>a > b {}</style>>"
    expect(maskHtmlText(html)).toBe(html.slice(0, -1) + " ")
  })

  it("blanks a leading XML prolog, keeping its line breaks", () => {
    const html = "<?xml version=\"1.0\"\n encoding=\"utf-8\"?>\n<html></html>"
    expect(maskHtmlText(html)).toBe(" ".repeat("<?xml version=\"1.0\"".length) + "\n" + " ".repeat(" encoding=\"utf-8\"?>".length) + "\n<html></html>")
  })

  it("changes nothing else: an unclosed tag stays unclosed", () => {
    const html = "<div class=\"a\" <p>x</p></div>"
    expect(maskHtmlText(html)).toBe(html)
  })
})

package web

import "regexp"

// stackRule fingerprints one technology. A rule matches when any of its
// signs is present; every sign found becomes evidence. Substrings are
// matched case-insensitively, except HTML markers, which are matched as
// written (they are code identifiers and paths).
type stackRule struct {
	Name, Category string
	Headers        []headerSign   // response headers
	Cookies        []string       // Set-Cookie name prefixes
	Generator      string         // substring of <meta name="generator">
	URLs           []string       // substrings of external script and <link> URLs
	HTML           []string       // markers in the raw HTML
	Version        *regexp.Regexp // one group: the version, read from the matched header, generator or URL
}

// headerSign is a header whose value contains Contains ("" = any value).
type headerSign struct{ Name, Contains string }

var (
	dottedVersion = regexp.MustCompile(`(\d+(?:\.\d+)+)`)
	slashVersion  = regexp.MustCompile(`/v?(\d+(?:\.\d+)+)`)
	jqueryVersion = regexp.MustCompile(`jquery[/-](\d+(?:\.\d+)+)`)
	jqueryUIVers  = regexp.MustCompile(`jqueryui/(\d+(?:\.\d+)+)`)
)

// stackRules is the fingerprint table, grouped by category. A technology
// appears once; the order here is the order of the answer.
var stackRules = []stackRule{
	// Web servers
	{Name: "nginx", Category: "Web server", Headers: []headerSign{{"Server", "nginx"}}, Version: slashVersion},
	{Name: "OpenResty", Category: "Web server", Headers: []headerSign{{"Server", "openresty"}}, Version: slashVersion},
	{Name: "Apache HTTP Server", Category: "Web server", Headers: []headerSign{{"Server", "apache"}}, Version: slashVersion},
	{Name: "Microsoft IIS", Category: "Web server", Headers: []headerSign{{"Server", "microsoft-iis"}}, Version: slashVersion},
	{Name: "LiteSpeed", Category: "Web server", Headers: []headerSign{{"Server", "litespeed"}}},
	{Name: "Caddy", Category: "Web server", Headers: []headerSign{{"Server", "caddy"}}},

	// CDN, caching and hosting
	{Name: "Cloudflare", Category: "CDN", Headers: []headerSign{{"CF-Ray", ""}, {"Server", "cloudflare"}, {"CF-Cache-Status", ""}},
		Cookies: []string{"__cf_bm", "__cfduid", "cf_clearance"}},
	{Name: "Fastly", Category: "CDN", Headers: []headerSign{{"X-Fastly-Request-ID", ""}, {"X-Served-By", "cache-"}, {"Fastly-Debug-Digest", ""}}},
	{Name: "Amazon CloudFront", Category: "CDN", Headers: []headerSign{{"X-Amz-Cf-Id", ""}, {"X-Amz-Cf-Pop", ""}, {"Via", "cloudfront"}}},
	{Name: "Akamai", Category: "CDN", Headers: []headerSign{{"X-Akamai-Transformed", ""}, {"Server", "akamaighost"}, {"Akamai-GRN", ""}}},
	{Name: "Varnish", Category: "Cache", Headers: []headerSign{{"Via", "varnish"}, {"X-Varnish", ""}}},
	{Name: "Vercel", Category: "Hosting", Headers: []headerSign{{"X-Vercel-Id", ""}, {"Server", "vercel"}}},
	{Name: "Netlify", Category: "Hosting", Headers: []headerSign{{"X-NF-Request-ID", ""}, {"Server", "netlify"}}},
	{Name: "GitHub Pages", Category: "Hosting", Headers: []headerSign{{"Server", "github.com"}}},

	// Back-end languages and frameworks
	{Name: "PHP", Category: "Programming language", Headers: []headerSign{{"X-Powered-By", "php"}}, Cookies: []string{"PHPSESSID"}, Version: slashVersion},
	{Name: "ASP.NET", Category: "Web framework", Headers: []headerSign{{"X-Powered-By", "asp.net"}, {"X-AspNet-Version", ""}},
		Cookies: []string{"ASP.NET_SessionId", ".AspNetCore."}},
	{Name: "Express", Category: "Web framework", Headers: []headerSign{{"X-Powered-By", "express"}}},
	{Name: "Java", Category: "Programming language", Cookies: []string{"JSESSIONID"}},
	{Name: "Laravel", Category: "Web framework", Cookies: []string{"laravel_session"}},

	// CMS and site builders
	{Name: "WordPress", Category: "CMS", Generator: "wordpress", Cookies: []string{"wordpress_", "wp-settings-"},
		URLs: []string{"/wp-content/", "/wp-includes/"}, HTML: []string{"/wp-content/", "/wp-json/"}, Version: dottedVersion},
	{Name: "Drupal", Category: "CMS", Generator: "drupal", Headers: []headerSign{{"X-Drupal-Cache", ""}, {"X-Generator", "drupal"}},
		HTML: []string{"drupal-settings-json", "/sites/default/files/"}, Version: dottedVersion},
	{Name: "Joomla", Category: "CMS", Generator: "joomla", Version: dottedVersion},
	{Name: "Ghost", Category: "CMS", Generator: "ghost", Version: dottedVersion},
	{Name: "Wix", Category: "Site builder", Generator: "wix.com", Headers: []headerSign{{"X-Wix-Request-Id", ""}}, URLs: []string{"static.parastorage.com"}},
	{Name: "Squarespace", Category: "Site builder", URLs: []string{"static1.squarespace.com", "assets.squarespace.com"}},
	{Name: "Webflow", Category: "Site builder", Generator: "webflow", HTML: []string{"data-wf-page", "data-wf-site"}},
	{Name: "Hugo", Category: "Static site generator", Generator: "hugo", Version: dottedVersion},
	{Name: "Jekyll", Category: "Static site generator", Generator: "jekyll", Version: dottedVersion},
	{Name: "Gatsby", Category: "Static site generator", Generator: "gatsby", HTML: []string{`id="___gatsby"`}, Version: dottedVersion},

	// E-commerce
	{Name: "Shopify", Category: "E-commerce", Headers: []headerSign{{"X-ShopId", ""}, {"X-Shopify-Stage", ""}},
		Cookies: []string{"_shopify_"}, URLs: []string{"cdn.shopify.com"}, HTML: []string{"Shopify.theme", "cdn.shopify.com"}},
	{Name: "WooCommerce", Category: "E-commerce", URLs: []string{"/plugins/woocommerce/"}, HTML: []string{"woocommerce-"}},
	{Name: "Magento", Category: "E-commerce", Cookies: []string{"X-Magento-Vary"}, HTML: []string{"Mage.Cookies", "/static/frontend/Magento/"}},
	{Name: "BigCommerce", Category: "E-commerce", URLs: []string{"bigcommerce.com"}},

	// JavaScript frameworks and libraries
	{Name: "Next.js", Category: "JavaScript framework", Headers: []headerSign{{"X-Powered-By", "next.js"}},
		URLs: []string{"/_next/static/"}, HTML: []string{"__NEXT_DATA__", "/_next/static/"}},
	{Name: "Nuxt", Category: "JavaScript framework", URLs: []string{"/_nuxt/"}, HTML: []string{"__NUXT__", "/_nuxt/"}},
	{Name: "React", Category: "JavaScript framework", URLs: []string{"react-dom", "/react@", "/react/"}, HTML: []string{"data-reactroot", "__NEXT_DATA__"}},
	{Name: "Vue.js", Category: "JavaScript framework", URLs: []string{"/vue@", "/vue/", "vue.min.js", "vue.global"}, HTML: []string{"data-v-app", "__VUE__", "__NUXT__"}},
	{Name: "Angular", Category: "JavaScript framework", HTML: []string{"ng-version="}},
	{Name: "Svelte", Category: "JavaScript framework", HTML: []string{"__sveltekit"}},
	{Name: "jQuery", Category: "JavaScript library", URLs: []string{"/jquery.min.js", "/jquery.js", "/jquery-1.", "/jquery-2.", "/jquery-3.", "/jquery-4."}, Version: jqueryVersion},
	{Name: "jQuery UI", Category: "JavaScript library", URLs: []string{"jquery-ui", "/jqueryui/"}, Version: jqueryUIVers},
	{Name: "Modernizr", Category: "JavaScript library", URLs: []string{"modernizr"}},
	{Name: "Bootstrap", Category: "UI framework", URLs: []string{"bootstrap.min.css", "bootstrap.min.js", "bootstrap.bundle"}},
	{Name: "Tailwind CSS", Category: "UI framework", URLs: []string{"cdn.tailwindcss.com"}},
	{Name: "Google Hosted Libraries", Category: "CDN", URLs: []string{"ajax.googleapis.com/ajax/libs/"}},
	{Name: "cdnjs", Category: "CDN", URLs: []string{"cdnjs.cloudflare.com"}},
	{Name: "jsDelivr", Category: "CDN", URLs: []string{"cdn.jsdelivr.net"}},
	{Name: "unpkg", Category: "CDN", URLs: []string{"unpkg.com/"}},
	{Name: "Google Fonts", Category: "Font service", URLs: []string{"fonts.googleapis.com", "fonts.gstatic.com"}},

	// Analytics and tag management
	{Name: "Google Tag Manager", Category: "Tag manager", URLs: []string{"googletagmanager.com/gtm.js"}, HTML: []string{"googletagmanager.com/gtm.js"}},
	{Name: "Google Analytics", Category: "Analytics", URLs: []string{"google-analytics.com", "googletagmanager.com/gtag/js"},
		HTML: []string{"google-analytics.com/", "googletagmanager.com/gtag/js", "_gaq.push"}},
	{Name: "Segment", Category: "Analytics", URLs: []string{"cdn.segment.com"}, HTML: []string{"cdn.segment.com"}},
	{Name: "Hotjar", Category: "Analytics", URLs: []string{"static.hotjar.com"}, HTML: []string{"static.hotjar.com"}},
	{Name: "Mixpanel", Category: "Analytics", URLs: []string{"cdn.mxpnl.com"}, HTML: []string{"cdn.mxpnl.com"}},
	{Name: "Plausible", Category: "Analytics", URLs: []string{"plausible.io/js/"}},
	{Name: "Matomo", Category: "Analytics", URLs: []string{"matomo.js", "piwik.js"}, HTML: []string{"_paq.push"}},
	{Name: "Microsoft Clarity", Category: "Analytics", URLs: []string{"clarity.ms/tag/"}, HTML: []string{"clarity.ms/tag/"}},
	{Name: "Meta Pixel", Category: "Advertising", URLs: []string{"connect.facebook.net"}, HTML: []string{"fbevents.js"}},

	// Marketing automation and chat
	{Name: "HubSpot", Category: "Marketing automation", Cookies: []string{"hubspotutk", "__hstc"},
		URLs: []string{"js.hs-scripts.com", "js.hsforms.net", "js.hs-analytics.net", "js.hubspot.com"}, HTML: []string{"js.hs-scripts.com"}},
	{Name: "Marketo", Category: "Marketing automation", URLs: []string{"munchkin.marketo.net"}, HTML: []string{"munchkin.marketo.net"}},
	{Name: "Mailchimp", Category: "Marketing automation", URLs: []string{"chimpstatic.com", "list-manage.com"}},
	{Name: "Intercom", Category: "Live chat", URLs: []string{"widget.intercom.io", "js.intercomcdn.com"}, HTML: []string{"widget.intercom.io"}},
	{Name: "Drift", Category: "Live chat", URLs: []string{"js.driftt.com"}, HTML: []string{"js.driftt.com"}},
	{Name: "Zendesk", Category: "Live chat", URLs: []string{"static.zdassets.com"}, HTML: []string{"static.zdassets.com"}},
	{Name: "Crisp", Category: "Live chat", URLs: []string{"client.crisp.chat"}, HTML: []string{"client.crisp.chat"}},

	// Payments
	{Name: "Stripe", Category: "Payments", URLs: []string{"js.stripe.com"}, HTML: []string{"js.stripe.com"}},
	{Name: "PayPal", Category: "Payments", URLs: []string{"paypal.com/sdk/js", "paypalobjects.com"}},
	{Name: "Paddle", Category: "Payments", URLs: []string{"cdn.paddle.com"}},

	// Security
	{Name: "reCAPTCHA", Category: "Security", URLs: []string{"google.com/recaptcha", "gstatic.com/recaptcha"}},
	{Name: "hCaptcha", Category: "Security", URLs: []string{"hcaptcha.com"}},
	{Name: "Cloudflare Turnstile", Category: "Security", URLs: []string{"challenges.cloudflare.com/turnstile"}},
	{Name: "HSTS", Category: "Security", Headers: []headerSign{{"Strict-Transport-Security", ""}}},
}

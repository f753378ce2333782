// Package social holds the community lookups: forum post search and code-host
// repository intelligence.
package social

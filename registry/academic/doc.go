// Package academic holds the Academic tools: paper search and records
// (Semantic Scholar, OpenAlex, arXiv, PubMed), clinical trials
// (ClinicalTrials.gov) and books by ISBN (Open Library).
package academic

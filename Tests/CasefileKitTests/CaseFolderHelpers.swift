// The case-folder helpers the layers' test targets share (a temporary case loaded, the one
// problem of a rule, a place as diagnostics give it, the small fixtures), exported to every file
// of this target at once.
@_exported import CasefileLoadingTestSupport

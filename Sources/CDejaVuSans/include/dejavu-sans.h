// Offers: the bytes of the typeface the pictures are set in, DejaVu Sans and
// DejaVu Sans Bold (subsets, see Fonts/LICENSE), compiled in by
// scripts/make-font (dejavu-sans.generated.c) so that no font file is read at
// run time; functions, since Swift does not import arrays of unknown size.
#ifndef SUDOKIT_DEJAVU_SANS_H
#define SUDOKIT_DEJAVU_SANS_H

/// The TrueType file of DejaVu Sans (the subset), and its length in bytes.
const unsigned char *sudokit_dejavu_sans(void);
unsigned long sudokit_dejavu_sans_length(void);
/// The TrueType file of DejaVu Sans Bold (the subset), and its length in bytes.
const unsigned char *sudokit_dejavu_sans_bold(void);
unsigned long sudokit_dejavu_sans_bold_length(void);

#endif

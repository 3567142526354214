// Offers: the accessors of dejavu-sans.h over the generated arrays.
#include "dejavu-sans.h"

extern const unsigned char sudokit_dejavusans[];
extern const unsigned long sudokit_dejavusans_length;
extern const unsigned char sudokit_dejavusans_bold[];
extern const unsigned long sudokit_dejavusans_bold_length;

const unsigned char *sudokit_dejavu_sans(void) { return sudokit_dejavusans; }
unsigned long sudokit_dejavu_sans_length(void) { return sudokit_dejavusans_length; }
const unsigned char *sudokit_dejavu_sans_bold(void) { return sudokit_dejavusans_bold; }
unsigned long sudokit_dejavu_sans_bold_length(void) { return sudokit_dejavusans_bold_length; }

#include "CImageShims.h"
int cimageshims_version(void) { return 1; }

// CImageShims: placeholder header.
#ifndef CIMAGESHIMS_H
#define CIMAGESHIMS_H
int cimageshims_version(void);
#endif

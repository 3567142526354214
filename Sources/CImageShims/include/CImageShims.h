// CImageShims: the C that Swift cannot write, around libjpeg(-turbo) and libpng.
// Offers:
//   - cimageshims_jpeg_*: a JPEG decoder handle (header, DCT scale, decode to RGB)
//     whose libjpeg errors and data-losing warnings come back as status codes.
//   - cimageshims_png_*: a PNG decoder handle (header, decode to RGB over white)
//     whose libpng errors come back as status codes.
//   - cimageshims_png_encode: an 8-bit grey or RGB raster to PNG bytes in memory.
//
// Why this target exists: libjpeg reports errors through `error_exit`, which must
// never return, and libpng through `png_error`, which longjmps. Both need a
// setjmp in the calling C frame; Swift cannot call setjmp safely, so every libjpeg
// and libpng call that can fail lives here behind a function that returns a status.
// Every symbol is prefixed `cimageshims_`.
#ifndef CIMAGESHIMS_H
#define CIMAGESHIMS_H

#include <stddef.h>
#include <stdint.h>

/// Status codes returned by every fallible function here.
typedef enum {
    CIMAGESHIMS_OK = 0,
    /// The library rejected the data (bad marker, bad CRC, bad Huffman code, ...).
    CIMAGESHIMS_CORRUPT = 1,
    /// The data ended before the image did.
    CIMAGESHIMS_TRUNCATED = 2,
    /// Valid data this shim does not decode (e.g. an unusual JPEG colour space).
    CIMAGESHIMS_UNSUPPORTED = 3,
    /// malloc failed.
    CIMAGESHIMS_NO_MEMORY = 4,
    /// Functions called out of order or with a too-small buffer: a bug in the caller.
    CIMAGESHIMS_MISUSE = 5,
    /// The library's own size limit refused the image (libjpeg: 65,500 px a side),
    /// or the caller's limit did (a JPEG's number of scans).
    CIMAGESHIMS_TOO_LARGE = 6,
} cimageshims_status;

// MARK: JPEG

/// An opaque libjpeg decompressor plus its error state and jump buffer.
typedef struct cimageshims_jpeg cimageshims_jpeg;

/// What the JPEG header says, before any pixel is decoded.
typedef struct {
    int width;
    int height;
    /// Components in the file: 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK.
    int components;
    /// libjpeg's J_COLOR_SPACE of the file (JCS_GRAYSCALE, JCS_YCbCr, JCS_CMYK, ...).
    int color_space;
    /// 1 when an Adobe APP14 marker was present (CMYK samples are then inverted).
    int saw_adobe_marker;
    /// 1 for a progressive file.
    int progressive;
} cimageshims_jpeg_header;

/// A new decompressor, or NULL when out of memory. Free with cimageshims_jpeg_destroy.
cimageshims_jpeg *cimageshims_jpeg_create(void);
/// Releases the decompressor and everything libjpeg allocated for it. NULL is ignored.
void cimageshims_jpeg_destroy(cimageshims_jpeg *jpeg);
/// Reads markers up to the first scan (jpeg_read_header). `data` must stay valid
/// until the decompressor is destroyed; nothing is copied.
int cimageshims_jpeg_read_header(cimageshims_jpeg *jpeg, const uint8_t *data, size_t size,
                                 cimageshims_jpeg_header *header);
/// Chooses the DCT scale `scale_num`/8 (1...8) and reports the output size
/// (jpeg_calc_output_dimensions). Call after the header, before decoding.
int cimageshims_jpeg_set_scale(cimageshims_jpeg *jpeg, int scale_num, int *out_width, int *out_height);
/// Decodes every scanline into `rgb` (out_width * out_height * 3 bytes, interleaved
/// R, G, B, no padding), then reads to EOI. Grey is expanded, CMYK/YCCK converted
/// (Adobe-inverted when an Adobe marker was seen). Truncation and data-losing
/// warnings (bad Huffman code, premature end of segment, lost restart sync) fail.
/// A file with more than `max_scans` scans (SOS markers), or whose scans together
/// cover the picture's 8x8 blocks more than `max_passes` times, fails with
/// CIMAGESHIMS_TOO_LARGE before the data of the scan past the limit is decoded.
int cimageshims_jpeg_decode_rgb(cimageshims_jpeg *jpeg, uint8_t *rgb, size_t capacity, int max_scans,
                                int max_passes);
/// The message for the last failing status (libjpeg's text), never NULL.
const char *cimageshims_jpeg_message(const cimageshims_jpeg *jpeg);

/// Has glibc's malloc give every block of at least `bytes` pages of its own,
/// returned to the system when freed (mallopt M_MMAP_THRESHOLD, which also stops
/// glibc raising that threshold as large blocks are freed); nothing elsewhere.
void cimageshims_map_blocks_from(int bytes);

// MARK: PNG decoding

/// An opaque libpng read struct plus its error state and input cursor.
typedef struct cimageshims_png cimageshims_png;

/// What the IHDR chunk says.
typedef struct {
    int width;
    int height;
    /// 1, 2, 4, 8 or 16.
    int bit_depth;
    /// PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
    int color_type;
    /// 1 for Adam7.
    int interlaced;
    /// 1 when a tRNS chunk was present.
    int has_trns;
} cimageshims_png_header;

/// A new PNG reader, or NULL when out of memory. Free with cimageshims_png_destroy.
cimageshims_png *cimageshims_png_create(void);
/// Releases the reader, libpng's structs and any scratch buffer. NULL is ignored.
void cimageshims_png_destroy(cimageshims_png *png);
/// Checks the signature and reads chunks up to the image data (png_read_info).
/// `data` must stay valid until the reader is destroyed.
int cimageshims_png_read_header(cimageshims_png *png, const uint8_t *data, size_t size,
                                cimageshims_png_header *header);
/// Decodes into `rgb` (width * height * 3 bytes) and reads through IEND: every bit
/// depth scaled to 8 bits, palette and grey expanded, tRNS and alpha composited
/// over white, Adam7 deinterlaced. Gamma chunks are ignored (samples as stored).
int cimageshims_png_decode_rgb(cimageshims_png *png, uint8_t *rgb, size_t capacity);
/// The message for the last failing status (libpng's text), never NULL.
const char *cimageshims_png_message(const cimageshims_png *png);

// MARK: PNG encoding

/// Bytes produced by cimageshims_png_encode; free `data` with cimageshims_free.
typedef struct {
    uint8_t *data;
    size_t size;
} cimageshims_buffer;

/// Encodes an 8-bit raster (`channels` 1 = grey, 3 = RGB; rows of width*channels
/// bytes, no padding) as a non-interlaced PNG. On failure `out` is empty and
/// `message` (capacity `message_capacity`) holds libpng's reason.
int cimageshims_png_encode(const uint8_t *pixels, int width, int height, int channels,
                           cimageshims_buffer *out, char *message, size_t message_capacity);
/// Frees memory returned by this target.
void cimageshims_free(void *pointer);

#endif

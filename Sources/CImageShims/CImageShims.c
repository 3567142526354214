// CImageShims: libjpeg and libpng calls that need setjmp, behind status codes.
// Offers the functions declared in include/CImageShims.h:
//   - JPEG decoder handle: create, read_header, set_scale, decode_rgb, message, destroy.
//   - PNG decoder handle: create, read_header, decode_rgb, message, destroy.
//   - PNG encoder to memory, and cimageshims_free.
//
// Why C: libjpeg's `error_exit` must not return (its default calls exit()), and
// libpng's error callback must not return either. Each function below that calls
// into a library first does setjmp on the handle's jump buffer; the error callbacks
// record a status and message and longjmp back there. Swift only ever sees the
// status. Nothing here prints and nothing here exits.
#include "CImageShims.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

static void copy_message(char *dest, size_t capacity, const char *text) {
    if (capacity == 0) return;
    snprintf(dest, capacity, "%s", text ? text : "unknown error");
}

// MARK: - JPEG

struct cimageshims_jpeg {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr err;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    int max_scans;
    int max_passes;
    /// The scan last counted by the progress monitor, and the 8x8 blocks the
    /// scans so far cover together (a scan covers every block of its components).
    int scans_counted;
    long long scan_blocks;
    int created;
    int header_read;
    int scale_set;
    int started;
    int status;
    char message[JMSG_LENGTH_MAX + 64];
};

/// Records the status and libjpeg's message for the current msg_code, then jumps
/// back to the setjmp of the shim function that is running.
static void jpeg_fail(j_common_ptr cinfo, int status) {
    cimageshims_jpeg *self = (cimageshims_jpeg *)cinfo->client_data;
    self->status = status;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    copy_message(self->message, sizeof self->message, text);
    longjmp(self->jump, 1);
}

/// Replaces libjpeg's error_exit, which prints and calls exit().
static void jpeg_error_exit(j_common_ptr cinfo) {
    int status = CIMAGESHIMS_CORRUPT;
    switch (cinfo->err->msg_code) {
    case JERR_OUT_OF_MEMORY: status = CIMAGESHIMS_NO_MEMORY; break;
    case JERR_IMAGE_TOO_BIG: status = CIMAGESHIMS_TOO_LARGE; break;
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOT_COMPILED:
    case JERR_BAD_PRECISION:      // 12-bit samples
    case JERR_SOF_UNSUPPORTED:    // lossless and other rare processes
    case JERR_ARITH_NOTIMPL:
        status = CIMAGESHIMS_UNSUPPORTED;
        break;
    default: break;
    }
    jpeg_fail(cinfo, status);
}

/// Replaces libjpeg's emit_message. libjpeg treats running out of data as a mere
/// warning (it inserts a fake EOI and pads the picture with grey), and likewise a
/// bad Huffman code or a lost restart marker. Those lose pixels, so they fail here;
/// warnings about metadata (unknown Adobe transform, bad ICC marker, stray bytes
/// between segments) leave the pixels intact and are only counted.
static void jpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    if (msg_level >= 0) return;  // trace messages
    switch (cinfo->err->msg_code) {
    case JWRN_JPEG_EOF:
        jpeg_fail(cinfo, CIMAGESHIMS_TRUNCATED);
        break;
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC:
        jpeg_fail(cinfo, CIMAGESHIMS_CORRUPT);
        break;
    default:
        cinfo->err->num_warnings++;
        break;
    }
}

/// The 8x8 blocks of the components in the current scan, or of all components.
static long long jpeg_blocks(j_decompress_ptr d, int scan_only) {
    long long blocks = 0;
    const int n = scan_only ? d->comps_in_scan : d->num_components;
    for (int i = 0; i < n; i++) {
        const jpeg_component_info *c = scan_only ? d->cur_comp_info[i] : &d->comp_info[i];
        blocks += (long long)c->width_in_blocks * c->height_in_blocks;
    }
    return blocks;
}

/// Called by libjpeg before each unit of input it consumes (a marker, an iMCU
/// row), so after each SOS header and before its data. Every scan costs a pass
/// over every block of its components, however few bytes it holds (end-of-band
/// runs cover 32,767 blocks in 15 bits): a 300 KB progressive file with 1,000
/// scans of a 100-megapixel picture kept libjpeg busy for 18 s. So a file fails
/// before the data of its scan number `max_scans` + 1 is decoded, or of the scan
/// that makes the scans cover the picture's blocks more than `max_passes` times.
/// (libjpeg-turbo's TurboJPEG limits scans the same way, through this hook.)
static void jpeg_progress_monitor(j_common_ptr cinfo) {
    cimageshims_jpeg *self = (cimageshims_jpeg *)cinfo->client_data;
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->input_scan_number == self->scans_counted) return;
    self->scans_counted = d->input_scan_number;
    self->scan_blocks += jpeg_blocks(d, 1);
    if (d->input_scan_number > self->max_scans) {
        self->status = CIMAGESHIMS_TOO_LARGE;
        snprintf(self->message, sizeof self->message, "a JPEG with more than %d scans", self->max_scans);
        longjmp(self->jump, 1);
    }
    if (self->scan_blocks > (long long)self->max_passes * jpeg_blocks(d, 0)) {
        self->status = CIMAGESHIMS_TOO_LARGE;
        snprintf(self->message, sizeof self->message,
                 "a JPEG whose scans cover the picture more than %d times", self->max_passes);
        longjmp(self->jump, 1);
    }
}

/// Replaces libjpeg's output_message, which writes to stderr: a library never prints.
static void jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

cimageshims_jpeg *cimageshims_jpeg_create(void) {
    cimageshims_jpeg *self = calloc(1, sizeof *self);
    if (!self) return NULL;
    self->cinfo.err = jpeg_std_error(&self->err);
    self->err.error_exit = jpeg_error_exit;
    self->err.emit_message = jpeg_emit_message;
    self->err.output_message = jpeg_output_message;
    self->cinfo.client_data = self;
    if (setjmp(self->jump)) {  // only out of memory can fail here
        jpeg_destroy_decompress(&self->cinfo);
        free(self);
        return NULL;
    }
    jpeg_create_decompress(&self->cinfo);
    self->cinfo.client_data = self;  // jpeg_create_decompress clears the struct
    self->created = 1;
    return self;
}

void cimageshims_jpeg_destroy(cimageshims_jpeg *self) {
    if (!self) return;
    if (self->created) jpeg_destroy_decompress(&self->cinfo);
    free(self);
}

static int jpeg_misuse(cimageshims_jpeg *self, const char *text) {
    self->status = CIMAGESHIMS_MISUSE;
    copy_message(self->message, sizeof self->message, text);
    return CIMAGESHIMS_MISUSE;
}

int cimageshims_jpeg_read_header(cimageshims_jpeg *self, const uint8_t *data, size_t size,
                                 cimageshims_jpeg_header *header) {
    if (!self || !data || !header) return CIMAGESHIMS_MISUSE;
    if (self->header_read) return jpeg_misuse(self, "header already read");
    if (size == 0) {
        self->status = CIMAGESHIMS_TRUNCATED;
        copy_message(self->message, sizeof self->message, "no data");
        return self->status;
    }
    if (setjmp(self->jump)) return self->status;
    jpeg_mem_src(&self->cinfo, data, (unsigned long)size);
    if (jpeg_read_header(&self->cinfo, TRUE) != JPEG_HEADER_OK) {
        self->status = CIMAGESHIMS_CORRUPT;
        copy_message(self->message, sizeof self->message, "JPEG datastream contains no image");
        return self->status;
    }
    self->header_read = 1;
    header->width = (int)self->cinfo.image_width;
    header->height = (int)self->cinfo.image_height;
    header->components = self->cinfo.num_components;
    header->color_space = (int)self->cinfo.jpeg_color_space;
    header->saw_adobe_marker = self->cinfo.saw_Adobe_marker ? 1 : 0;
    header->progressive = jpeg_has_multiple_scans(&self->cinfo) ? 1 : 0;
    return CIMAGESHIMS_OK;
}

int cimageshims_jpeg_set_scale(cimageshims_jpeg *self, int scale_num, int *out_width, int *out_height) {
    if (!self || !out_width || !out_height) return CIMAGESHIMS_MISUSE;
    if (!self->header_read || self->started) return jpeg_misuse(self, "set_scale out of order");
    if (scale_num < 1 || scale_num > 8) return jpeg_misuse(self, "scale must be 1/8 ... 8/8");
    switch (self->cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE:  // libjpeg-turbo expands grey to RGB itself
    case JCS_YCbCr:
    case JCS_RGB:
        self->cinfo.out_color_space = JCS_RGB;
        break;
    case JCS_CMYK:
    case JCS_YCCK:  // libjpeg converts YCCK to CMYK; CMYK to RGB happens below
        self->cinfo.out_color_space = JCS_CMYK;
        break;
    default:
        self->status = CIMAGESHIMS_UNSUPPORTED;
        snprintf(self->message, sizeof self->message, "unsupported JPEG colour space %d with %d components",
                 (int)self->cinfo.jpeg_color_space, self->cinfo.num_components);
        return self->status;
    }
    if (setjmp(self->jump)) return self->status;
    self->cinfo.scale_num = (unsigned int)scale_num;
    self->cinfo.scale_denom = 8;
    jpeg_calc_output_dimensions(&self->cinfo);
    *out_width = (int)self->cinfo.output_width;
    *out_height = (int)self->cinfo.output_height;
    self->scale_set = 1;
    return CIMAGESHIMS_OK;
}

/// CMYK as libjpeg delivers it to RGB. Photoshop (and every writer that adds the
/// Adobe APP14 marker) stores CMYK inverted, 255 meaning no ink, so R = C * K / 255;
/// plain CMYK stores ink amounts, so R = (255 - C) * (255 - K) / 255.
static void cmyk_row_to_rgb(const JSAMPLE *cmyk, uint8_t *rgb, JDIMENSION width, int inverted) {
    for (JDIMENSION x = 0; x < width; x++) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgb[0] = (uint8_t)((c * k + 127) / 255);
        rgb[1] = (uint8_t)((m * k + 127) / 255);
        rgb[2] = (uint8_t)((y * k + 127) / 255);
        cmyk += 4;
        rgb += 3;
    }
}

int cimageshims_jpeg_decode_rgb(cimageshims_jpeg *self, uint8_t *rgb, size_t capacity, int max_scans,
                                int max_passes) {
    if (!self || !rgb) return CIMAGESHIMS_MISUSE;
    if (!self->scale_set || self->started) return jpeg_misuse(self, "decode_rgb out of order");
    if (max_scans < 1 || max_passes < 1) return jpeg_misuse(self, "scan limits must be at least 1");
    self->max_scans = max_scans;
    self->max_passes = max_passes;
    self->scans_counted = 0;
    self->scan_blocks = 0;
    self->progress.progress_monitor = jpeg_progress_monitor;
    self->cinfo.progress = &self->progress;
    size_t needed = (size_t)self->cinfo.output_width * self->cinfo.output_height * 3;
    if (capacity < needed) return jpeg_misuse(self, "output buffer too small");
    if (setjmp(self->jump)) return self->status;
    self->started = 1;
    jpeg_start_decompress(&self->cinfo);
    const JDIMENSION width = self->cinfo.output_width;
    const int cmyk = self->cinfo.out_color_space == JCS_CMYK;
    if (self->cinfo.output_components != (cmyk ? 4 : 3)) {
        self->status = CIMAGESHIMS_UNSUPPORTED;
        copy_message(self->message, sizeof self->message, "unexpected number of output components");
        return self->status;
    }
    if (cmyk) {
        // Freed with the decompressor (JPOOL_IMAGE), also after a longjmp.
        JSAMPARRAY row = (*self->cinfo.mem->alloc_sarray)((j_common_ptr)&self->cinfo, JPOOL_IMAGE, width * 4, 1);
        const int inverted = self->cinfo.saw_Adobe_marker;
        while (self->cinfo.output_scanline < self->cinfo.output_height) {
            uint8_t *dest = rgb + (size_t)self->cinfo.output_scanline * width * 3;
            if (jpeg_read_scanlines(&self->cinfo, row, 1) == 1) cmyk_row_to_rgb(row[0], dest, width, inverted);
        }
    } else {
        // Several rows per call lets libjpeg hand over a whole iMCU row at once.
        JSAMPROW rows[16];
        while (self->cinfo.output_scanline < self->cinfo.output_height) {
            JDIMENSION first = self->cinfo.output_scanline;
            JDIMENSION count = self->cinfo.output_height - first;
            if (count > 16) count = 16;
            for (JDIMENSION i = 0; i < count; i++) rows[i] = rgb + (size_t)(first + i) * width * 3;
            jpeg_read_scanlines(&self->cinfo, rows, count);
        }
    }
    jpeg_finish_decompress(&self->cinfo);  // reads to EOI: a missing tail is caught here
    return CIMAGESHIMS_OK;
}

void cimageshims_map_blocks_from(int bytes) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
#endif
}

const char *cimageshims_jpeg_message(const cimageshims_jpeg *self) {
    return self ? self->message : "no decoder";
}

// MARK: - PNG decoding

struct cimageshims_png {
    png_structp png;
    png_infop info;
    jmp_buf jump;
    const uint8_t *data;
    size_t size;
    size_t offset;
    int header_read;
    int started;
    int ran_out;
    int status;
    uint8_t *scratch;   // RGBA rows when the image has alpha
    png_bytep *rows;    // row pointers for png_read_image
    char message[256];
};

/// libpng's error callback must not return: record and jump back.
static void png_error_callback(png_structp png, png_const_charp text) {
    cimageshims_png *self = (cimageshims_png *)png_get_error_ptr(png);
    self->status = self->ran_out ? CIMAGESHIMS_TRUNCATED : CIMAGESHIMS_CORRUPT;
    copy_message(self->message, sizeof self->message, text);
    longjmp(self->jump, 1);
}

/// libpng's default warning callback prints to stderr. Its warnings concern
/// ancillary chunks (bad CRC on a text chunk, odd ICC profile) and leave the pixels
/// intact, so they are dropped.
static void png_warning_callback(png_structp png, png_const_charp text) { (void)png; (void)text; }

/// Reads from the memory buffer; running past its end is truncation.
static void png_read_callback(png_structp png, png_bytep out, size_t length) {
    cimageshims_png *self = (cimageshims_png *)png_get_io_ptr(png);
    if (length > self->size - self->offset) {
        self->ran_out = 1;
        png_error(png, "data ends before the image does");
    }
    memcpy(out, self->data + self->offset, length);
    self->offset += length;
}

cimageshims_png *cimageshims_png_create(void) {
    cimageshims_png *self = calloc(1, sizeof *self);
    if (!self) return NULL;
    self->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, self, png_error_callback, png_warning_callback);
    if (!self->png) { free(self); return NULL; }
    if (setjmp(self->jump)) {
        png_destroy_read_struct(&self->png, NULL, NULL);
        free(self);
        return NULL;
    }
    self->info = png_create_info_struct(self->png);
    if (!self->info) {
        png_destroy_read_struct(&self->png, NULL, NULL);
        free(self);
        return NULL;
    }
    return self;
}

void cimageshims_png_destroy(cimageshims_png *self) {
    if (!self) return;
    png_destroy_read_struct(&self->png, &self->info, NULL);
    free(self->scratch);
    free(self->rows);
    free(self);
}

int cimageshims_png_read_header(cimageshims_png *self, const uint8_t *data, size_t size,
                                cimageshims_png_header *header) {
    if (!self || !data || !header) return CIMAGESHIMS_MISUSE;
    if (self->header_read) {
        self->status = CIMAGESHIMS_MISUSE;
        copy_message(self->message, sizeof self->message, "header already read");
        return self->status;
    }
    self->data = data;
    self->size = size;
    self->offset = 0;
    if (setjmp(self->jump)) return self->status;
    png_set_read_fn(self->png, self, png_read_callback);
    png_read_info(self->png, self->info);
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(self->png, self->info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    header->width = (int)width;
    header->height = (int)height;
    header->bit_depth = bit_depth;
    header->color_type = color_type;
    header->interlaced = interlace == PNG_INTERLACE_ADAM7 ? 1 : 0;
    header->has_trns = png_get_valid(self->png, self->info, PNG_INFO_tRNS) ? 1 : 0;
    self->header_read = 1;
    return CIMAGESHIMS_OK;
}

int cimageshims_png_decode_rgb(cimageshims_png *self, uint8_t *rgb, size_t capacity) {
    if (!self || !rgb) return CIMAGESHIMS_MISUSE;
    if (!self->header_read || self->started) {
        self->status = CIMAGESHIMS_MISUSE;
        copy_message(self->message, sizeof self->message, "decode_rgb out of order");
        return self->status;
    }
    const png_uint_32 width = png_get_image_width(self->png, self->info);
    const png_uint_32 height = png_get_image_height(self->png, self->info);
    if (capacity < (size_t)width * height * 3) {
        self->status = CIMAGESHIMS_MISUSE;
        copy_message(self->message, sizeof self->message, "output buffer too small");
        return self->status;
    }
    self->started = 1;
    if (setjmp(self->jump)) return self->status;
    const int color_type = png_get_color_type(self->png, self->info);
    const int bit_depth = png_get_bit_depth(self->png, self->info);
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(self->png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(self->png);
    if (png_get_valid(self->png, self->info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(self->png);
    if (bit_depth == 16) png_set_scale_16(self->png);  // rounds v * 255 / 65535, unlike strip_16
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(self->png);
    png_set_interlace_handling(self->png);
    png_read_update_info(self->png, self->info);

    const int channels = png_get_channels(self->png, self->info);
    const size_t rowbytes = png_get_rowbytes(self->png, self->info);
    if ((channels != 3 && channels != 4) || rowbytes != (size_t)width * channels) {
        self->status = CIMAGESHIMS_UNSUPPORTED;
        snprintf(self->message, sizeof self->message, "unexpected PNG layout after transforms (%d channels)", channels);
        return self->status;
    }
    self->rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!self->rows) {
        self->status = CIMAGESHIMS_NO_MEMORY;
        copy_message(self->message, sizeof self->message, "out of memory");
        return self->status;
    }
    uint8_t *target = rgb;
    if (channels == 4) {
        self->scratch = malloc(rowbytes * height);
        if (!self->scratch) {
            self->status = CIMAGESHIMS_NO_MEMORY;
            copy_message(self->message, sizeof self->message, "out of memory");
            return self->status;
        }
        target = self->scratch;
    }
    for (png_uint_32 y = 0; y < height; y++) self->rows[y] = target + (size_t)y * rowbytes;
    png_read_image(self->png, self->rows);  // all Adam7 passes when interlaced
    png_read_end(self->png, NULL);          // through IEND: a missing tail is truncation
    if (channels == 4) {
        // Over white: out = (c * a + 255 * (255 - a)) / 255, rounded.
        const size_t count = (size_t)width * height;
        const uint8_t *src = self->scratch;
        for (size_t i = 0; i < count; i++) {
            const unsigned a = src[3];
            for (int c = 0; c < 3; c++) rgb[c] = (uint8_t)((src[c] * a + 255u * (255u - a) + 127u) / 255u);
            src += 4;
            rgb += 3;
        }
    }
    return CIMAGESHIMS_OK;
}

const char *cimageshims_png_message(const cimageshims_png *self) {
    return self ? self->message : "no decoder";
}

// MARK: - PNG encoding

typedef struct {
    jmp_buf jump;
    png_structp png;
    png_infop info;
    uint8_t *data;
    size_t size;
    size_t capacity;
    char *message;
    size_t message_capacity;
} png_encoder_state;

static void png_encode_error(png_structp png, png_const_charp text) {
    png_encoder_state *state = (png_encoder_state *)png_get_error_ptr(png);
    copy_message(state->message, state->message_capacity, text);
    longjmp(state->jump, 1);
}

/// Appends to a growing malloc buffer, doubling it as needed.
static void png_write_callback(png_structp png, png_bytep bytes, size_t length) {
    png_encoder_state *state = (png_encoder_state *)png_get_io_ptr(png);
    if (length > state->capacity - state->size) {
        size_t capacity = state->capacity ? state->capacity : 4096;
        while (length > capacity - state->size) capacity *= 2;
        uint8_t *grown = realloc(state->data, capacity);
        if (!grown) png_error(png, "out of memory");
        state->data = grown;
        state->capacity = capacity;
    }
    memcpy(state->data + state->size, bytes, length);
    state->size += length;
}

static void png_flush_callback(png_structp png) { (void)png; }

int cimageshims_png_encode(const uint8_t *pixels, int width, int height, int channels,
                           cimageshims_buffer *out, char *message, size_t message_capacity) {
    if (!out) return CIMAGESHIMS_MISUSE;
    out->data = NULL;
    out->size = 0;
    if (!pixels || width <= 0 || height <= 0 || (channels != 1 && channels != 3)) {
        copy_message(message, message_capacity, "nothing to encode (empty raster or bad channel count)");
        return CIMAGESHIMS_MISUSE;
    }
    // On the heap so that nothing libpng changes lives in a local across longjmp.
    png_encoder_state *state = calloc(1, sizeof *state);
    if (!state) {
        copy_message(message, message_capacity, "out of memory");
        return CIMAGESHIMS_NO_MEMORY;
    }
    state->message = message;
    state->message_capacity = message_capacity;
    state->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, state, png_encode_error, png_warning_callback);
    if (state->png) state->info = png_create_info_struct(state->png);
    if (!state->png || !state->info) {
        png_destroy_write_struct(&state->png, &state->info);
        free(state);
        copy_message(message, message_capacity, "out of memory");
        return CIMAGESHIMS_NO_MEMORY;
    }
    if (setjmp(state->jump)) {
        png_destroy_write_struct(&state->png, &state->info);
        free(state->data);
        free(state);
        return CIMAGESHIMS_CORRUPT;
    }
    png_set_write_fn(state->png, state, png_write_callback, png_flush_callback);
    png_set_IHDR(state->png, state->info, (png_uint_32)width, (png_uint_32)height, 8,
                 channels == 1 ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(state->png, state->info);
    const size_t stride = (size_t)width * channels;
    for (int y = 0; y < height; y++) png_write_row(state->png, pixels + (size_t)y * stride);
    png_write_end(state->png, NULL);
    png_destroy_write_struct(&state->png, &state->info);
    out->data = state->data;
    out->size = state->size;
    free(state);
    return CIMAGESHIMS_OK;
}

void cimageshims_free(void *pointer) { free(pointer); }

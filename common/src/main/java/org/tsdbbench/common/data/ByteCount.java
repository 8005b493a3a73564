package org.tsdbbench.common.data;

import java.io.OutputStream;

/** A stream that keeps only how many bytes were written to it: the size a data set would have as text, without writing a file. */
public final class ByteCount extends OutputStream {

    private long bytes;

    public long bytes() {
        return bytes;
    }

    @Override
    public void write(int b) {
        bytes++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        bytes += len;
    }
}

package org.tsdbbench.common.data;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A request's bytes as they are built, reused for every request of a client; it grows to the largest
 * request it has held. {@code put} and {@code number} write where the caller reserved room; {@code append}
 * makes its own.
 */
public final class RequestBytes {

    private byte[] buf = new byte[1 << 16];
    private int length;

    /** Empties it for the next request, keeping the array. */
    public void clear() {
        length = 0;
    }

    /** Room for {@code more} bytes after those held. */
    public void reserve(int more) {
        if (length + more > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, length + more));
    }

    /** Appends one byte (room reserved by the caller). */
    public RequestBytes put(byte b) {
        buf[length++] = b;
        return this;
    }

    /** Appends one ASCII character (room reserved by the caller). */
    public RequestBytes put(char c) {
        buf[length++] = (byte) c;
        return this;
    }

    /** Appends bytes already encoded (room reserved by the caller). */
    public RequestBytes put(byte[] bytes) {
        return put(bytes, 0, bytes.length);
    }

    /** Appends {@code bytes[from, from + n)} (room reserved by the caller). */
    public RequestBytes put(byte[] bytes, int from, int n) {
        System.arraycopy(bytes, from, buf, length, n);
        length += n;
        return this;
    }

    /** Appends bytes already encoded, making room for them. */
    public RequestBytes append(byte[] bytes) {
        return append(bytes, 0, bytes.length);
    }

    /** Appends {@code bytes[from, from + n)}, making room for them. */
    public RequestBytes append(byte[] bytes, int from, int n) {
        reserve(n);
        return put(bytes, from, n);
    }

    /**
     * A long in decimal (room for 20 bytes reserved by the caller). TextFormat's call is not inlined, so
     * a loop of numbers holds this in a local variable, not a field read again after every call.
     */
    public RequestBytes number(long v) {
        length = TextFormat.appendLong(buf, length, v);
        return this;
    }

    /** A double as {@link TextFormat#appendDouble} writes it (room for DOUBLE_MAX bytes reserved by the caller). */
    public RequestBytes number(double v) {
        length = TextFormat.appendDouble(buf, length, v);
        return this;
    }

    /** Bytes held: the first {@code length()} of {@link #array()}. */
    public int length() {
        return length;
    }

    /**
     * Holds the first {@code newLength} bytes of the array: after a module's own format wrote into
     * {@link #array()} from {@link #length()} on (room reserved), or to take bytes back off the end.
     */
    public void setLength(int newLength) {
        length = newLength;
    }

    /** The array the bytes are in, valid until the next call that may grow it. */
    public byte[] array() {
        return buf;
    }

    /** The bytes held, in an array of their own. */
    public byte[] copy() {
        return Arrays.copyOf(buf, length);
    }

    /** The bytes held as text (UTF-8). */
    public String text() {
        return new String(buf, 0, length, StandardCharsets.UTF_8);
    }

    /**
     * Gives the array up to a request that failed: the HTTP client may still read a request it gave
     * up on, so the next bytes go into a new array of the same size. Empties it.
     */
    public void abandon() {
        buf = new byte[buf.length];
        length = 0;
    }
}

package org.tsdbbench.common.iot;

import java.util.List;

/**
 * The tags of a data set's trucks, as small integer codes so that a batch row refers to its truck
 * (an int) instead of holding strings. Generated trucks compute theirs from the seed; a file's are
 * learned by its validating pass ({@link IotFileReader#validate}). A record's own tags are its
 * truck's, less the one its batch row marks null (see {@link TableRows#nullTag}).
 */
public interface Trucks {

    /**
     * The code of a truck's tag: for {@link IotTag#NAME} the number n of its name {@code truck_n}
     * (-1 for a truck without a name: a file's records whose name is null); for the others the
     * index of the value in {@link #values}, -1 when the truck has none.
     */
    int code(int truck, IotTag tag);

    /** The values of a tag other than the name, indexed by code, each as TSBS writes it (numbers as in the file). */
    List<String> values(IotTag tag);

    /** The number a numeric tag's code stands for. */
    double number(IotTag tag, int code);

    /** The text of a tag's code: {@code truck_<n>} for a name; null for -1. Allocates for names: not for hot paths. */
    default String text(IotTag tag, int code) {
        if (code < 0) return null;
        return tag == IotTag.NAME ? name(code) : values(tag).get(code);
    }

    /** TSBS's name of truck number n. */
    static String name(int number) {
        return "truck_" + number;
    }
}

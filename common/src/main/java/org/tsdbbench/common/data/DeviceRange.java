package org.tsdbbench.common.data;

import java.util.ArrayList;
import java.util.List;

/**
 * A contiguous block of whole devices, {@code first..last} inclusive: what one client (or one
 * file) owns. Splitting is into near-equal contiguous blocks, so the blocks are disjoint and
 * together cover every device.
 */
public record DeviceRange(int first, int last) {

    public DeviceRange {
        if (first < 1 || last < first - 1) throw new IllegalArgumentException("bad device range " + first + ".." + last);
    }

    public int count() {
        return last - first + 1;
    }

    /** Part {@code index} of {@code parts} of devices 1..numOfDevices (may be empty when parts > devices). */
    public static DeviceRange part(int numOfDevices, int index, int parts) {
        if (parts < 1 || index < 0 || index >= parts) throw new IllegalArgumentException("part " + index + " of " + parts);
        int first = (int) ((long) numOfDevices * index / parts) + 1;
        int last = (int) ((long) numOfDevices * (index + 1) / parts);
        return new DeviceRange(first, last);
    }

    public static List<DeviceRange> split(int numOfDevices, int parts) {
        List<DeviceRange> ranges = new ArrayList<>(parts);
        for (int i = 0; i < parts; i++) ranges.add(part(numOfDevices, i, parts));
        return ranges;
    }
}

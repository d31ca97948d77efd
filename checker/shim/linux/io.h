/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/io.h>, MMIO and port I/O accessors (readl(), writel(),
 * ioread32(), inb(), ...), ioremap() and I/O resources.
 *
 * A minimal model of the Linux 6.1 interface.  wqport-shim.h includes
 * this file, so all of it is available whatever a driver includes.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_IO_H
#define _WQPORT_LINUX_IO_H

static inline u8 readb(const volatile void __iomem *a) { return *(const volatile u8 __force *)a; }
static inline u16 readw(const volatile void __iomem *a) { return *(const volatile u16 __force *)a; }
static inline u32 readl(const volatile void __iomem *a) { return *(const volatile u32 __force *)a; }
static inline u64 readq(const volatile void __iomem *a) { return *(const volatile u64 __force *)a; }
static inline void writeb(u8 v, volatile void __iomem *a) { *(volatile u8 __force *)a = v; }
static inline void writew(u16 v, volatile void __iomem *a) { *(volatile u16 __force *)a = v; }
static inline void writel(u32 v, volatile void __iomem *a) { *(volatile u32 __force *)a = v; }
static inline void writeq(u64 v, volatile void __iomem *a) { *(volatile u64 __force *)a = v; }
#define readl_relaxed(a)	readl(a)
#define writel_relaxed(v, a)	writel(v, a)
unsigned int ioread8(const void __iomem *addr);
unsigned int ioread16(const void __iomem *addr);
unsigned int ioread32(const void __iomem *addr);
void iowrite8(u8 value, void __iomem *addr);
void iowrite16(u16 value, void __iomem *addr);
void iowrite32(u32 value, void __iomem *addr);
u8 inb(unsigned long port);
u16 inw(unsigned long port);
u32 inl(unsigned long port);
void outb(u8 value, unsigned long port);
void outw(u16 value, unsigned long port);
void outl(u32 value, unsigned long port);
void __iomem *ioremap(resource_size_t offset, unsigned long size);
void iounmap(volatile void __iomem *addr);
void memcpy_fromio(void *dst, const volatile void __iomem *src, size_t count);
void memcpy_toio(volatile void __iomem *dst, const void *src, size_t count);
struct resource {
	resource_size_t start;
	resource_size_t end;
	const char *name;
	unsigned long flags;
};
#define IORESOURCE_IO	0x00000100
#define IORESOURCE_MEM	0x00000200
#define IORESOURCE_IRQ	0x00000400
static inline resource_size_t resource_size(const struct resource *res)
{ return res->end - res->start + 1; }
struct resource *__request_region(struct resource *parent, resource_size_t start,
				  resource_size_t n, const char *name, int flags);
void __release_region(struct resource *parent, resource_size_t start, resource_size_t n);
extern struct resource ioport_resource, iomem_resource;
#define request_region(start, n, name)	__request_region(&ioport_resource, (start), (n), (name), 0)
#define release_region(start, n)	__release_region(&ioport_resource, (start), (n))
#define request_mem_region(start, n, name)					\
	__request_region(&iomem_resource, (start), (n), (name), 0)
#define release_mem_region(start, n)	__release_region(&iomem_resource, (start), (n))
void __iomem *devm_ioremap(struct device *dev, resource_size_t offset, resource_size_t size);
void __iomem *devm_ioremap_resource(struct device *dev, const struct resource *res);

#endif /* _WQPORT_LINUX_IO_H */
